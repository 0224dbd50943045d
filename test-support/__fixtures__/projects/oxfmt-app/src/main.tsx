import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { OrchardPage } from "@/features/orchard/OrchardPage";
import "./styles.css";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <OrchardPage />
    </StrictMode>,
  );
}
