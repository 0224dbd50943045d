import { useState } from "react";
import { SEASON } from "./orchard-season";
import { Card } from "@/components/Card";

export function OrchardPage() {
  const [open, setOpen] = useState(false);
  return (
    <main className="page">
      <h1>Orchard rows</h1>
      <Card title="Row 12">
        <p>Tapped this morning, in the {SEASON}.</p>
      </Card>
      <div className="actions">
        <button type="button" onClick={() => setOpen(!open)}>
          Details
        </button>
      </div>
      <p>{open ? "Open" : "Closed"}</p>
      <div className="tags">
        <span>Latex</span>
      </div>
    </main>
  );
}
