/** The headless shell the journeys and the content check launch; CHROMIUM_PATH names another build. */
export declare const HEADLESS_CHROMIUM: string;
/** The full browser (Lighthouse in `npm run bench`). */
export declare const FULL_CHROMIUM: string;
/** Installs what is missing of Debian's Chromium (as root) or says what to install; the headless shell's path. */
export declare function ensureChromium(): string;
