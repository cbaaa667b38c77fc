/**
 * A table that sorts (click a heading), filters (one box over every column) and pages, for
 * every list of the back office: @tanstack/react-table does the work, this draws it as a real
 * <table> (headings are buttons, the sort is announced with aria-sort).
 */
import { useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { t } from '@/staff/i18n';

export interface Column<Row> {
  id: string;
  header: string;
  value: (row: Row) => string | number;
  /** How the cell shows (the value's text when absent). */
  cell?: (row: Row) => ReactNode;
  /** A column of buttons (edit) sorts nothing. */
  sortable?: false;
}

export function DataTable<Row>({ rows, columns, caption, pageSize = 20 }: { rows: Row[]; columns: Column<Row>[]; caption: string; pageSize?: number }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filter, setFilter] = useState('');
  const defs: ColumnDef<Row>[] = columns.map((c) => ({
    id: c.id,
    header: c.header,
    accessorFn: (row: Row) => c.value(row),
    enableSorting: c.sortable !== false,
  }));
  // The table library keeps its own state in the instance; React Compiler must not memoise it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    onGlobalFilterChange: setFilter,
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageSize } },
  });
  const pages = Math.max(1, table.getPageCount());
  // A cell is drawn by calling the page's function, not as a component of its own: the pages
  // make their columns anew each render, and a new component type would remount the cell,
  // replacing its buttons under a click in flight.
  const show = (id: string, row: Row, value: unknown): ReactNode => {
    const column = columns.find((c) => c.id === id);
    return column?.cell ? column.cell(row) : String(value ?? '');
  };
  return (
    <div className="staff-table">
      <label className="staff-table__filter">
        {t('table.filter')}
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      <div className="staff-table__scroll">
        <table>
          <caption>
            {caption} <span className="staff-muted">({t('table.rows', { count: table.getFilteredRowModel().rows.length })})</span>
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  if (!header.column.getCanSort()) {
                    return (
                      <th key={header.id} scope="col">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    );
                  }
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                      <button type="button" onClick={header.column.getToggleSortingHandler()}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{t('table.empty')}</td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{show(cell.column.id, row.original, cell.getValue())}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="staff-table__pages">
        <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          {t('table.previous')}
        </button>
        <span>{t('table.page', { page: table.getState().pagination.pageIndex + 1, pages })}</span>
        <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          {t('table.next')}
        </button>
      </div>
    </div>
  );
}
