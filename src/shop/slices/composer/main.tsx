// Without the web font Puck would load from another site (the composer's CSP allows none).
import "@puckeditor/core/no-external.css";
import "./composer.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ComposerApp } from "./composer-app";

/** The composer's own entry (decision 26): built apart from the shop, served only under /redactie. */
const element = document.getElementById("composer");
if (element) {
  createRoot(element).render(
    <StrictMode>
      <ComposerApp />
    </StrictMode>,
  );
}
