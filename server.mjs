#!/usr/bin/env node
// Starts the shop. Production: the built bundle in build/. Development (--dev): Vite with hot reload.
const dev = process.argv.includes("--dev");

if (dev) {
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("/src/server/index.ts");
  await start({
    vite,
    handleSignals: true,
    serverBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  });
} else {
  process.env.NODE_ENV ??= "production";
  const { start } = await import("./build/server/index.js");
  await start({ handleSignals: true });
}
