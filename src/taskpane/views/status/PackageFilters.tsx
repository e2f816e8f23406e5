/** All packages' search by name and status filter. */
import { Field, SearchBox, Select, makeStyles, tokens } from "@fluentui/react-components";
import { STATUS_FILTERS } from "../../status/words";

const useStyles = makeStyles({
  filters: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

export default function PackageFilters({
  typed,
  onType,
  filter,
  onFilter,
}: {
  typed: string;
  onType(value: string): void;
  filter: string;
  onFilter(value: string): void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.filters}>
      <Field label="Search by name">
        <SearchBox value={typed} onChange={(_, data) => onType(data.value)} />
      </Field>
      <Field label="Status">
        <Select value={filter} onChange={(_, data) => onFilter(data.value)}>
          {STATUS_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
