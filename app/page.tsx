import { DatasetsHome } from "@/components/datasets/DatasetsHome";

export default function HomePage() {
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Your datasets</h1>
        <p className="mt-0.5 text-zinc-500">
          Import CSV, spreadsheets or SQLite databases, then open a dataset to browse its tables.
        </p>
      </div>
      <DatasetsHome />
    </div>
  );
}
