import { z } from 'zod';
import { changed, listOf, recordId, recordIdParams, textField, wholeNumber } from './common.ts';
import { said } from '../i18n/said.ts';

/** Tables and table combinations (docs/reference/operations.md "Tables and reservations"): staff read, admins write. */

const covers = (field: string) => wholeNumber(field, 1, 50);
const tableName = textField('name', 40);

/** The branch a table or combination belongs to (docs/reference/branches.md: a branch-scoped answer carries its `branchId`). */
const branchId = z.string();

const tableSchema = z.object({
  _id: z.string(),
  branchId,
  name: z.string(),
  minCovers: z.number(),
  maxCovers: z.number(),
  active: z.boolean(),
});
export type DiningTableView = z.infer<typeof tableSchema>;

const coversOrder = { message: said('maxcoversLeastMinCovers'), path: ['maxCovers'] };

export const tableListResponse = listOf(tableSchema);

/** What a guest at a table's QR code may know of it (GET /api/v1/tables/{id}/label, public): its name. */
export const tableLabelResponse = z.object({ data: z.object({ _id: z.string(), name: z.string() }) });
export type TableLabel = z.infer<typeof tableLabelResponse>['data'];
export const createTableBody = z
  .object({ name: tableName, minCovers: covers('minCovers'), maxCovers: covers('maxCovers') })
  .refine((t) => t.maxCovers >= t.minCovers, coversOrder);
export const updateTableBody = z
  .object({
    name: tableName.optional(),
    minCovers: covers('minCovers').optional(),
    maxCovers: covers('maxCovers').optional(),
    active: z.boolean({ error: said('activeTrueFalse') }).optional(),
  })
  .refine((t) => Object.values(t).some((v) => v !== undefined), said('sendLeastOneFieldChange'));
export type UpdateTableBody = z.infer<typeof updateTableBody>;
export const tableIdParams = recordIdParams('id');
export const tableChangedResponse = changed(tableSchema);

const combinationSchema = z.object({
  _id: z.string(),
  branchId,
  tableIds: z.array(z.string()),
  minCovers: z.number(),
  maxCovers: z.number(),
});
export type TableCombinationView = z.infer<typeof combinationSchema>;
export const combinationListResponse = listOf(combinationSchema);
export const createCombinationBody = z
  .object({
    tableIds: z
      .array(recordId('each table id'), { error: said('tableidsListTableIds') })
      .min(2, said('tableidsNeedsLeast2Tables'))
      .max(8, said('tableidsMayListMost8'))
      .refine((ids) => new Set(ids).size === ids.length, said('tableidsNotRepeatTable')),
    minCovers: covers('minCovers'),
    maxCovers: covers('maxCovers'),
  })
  .refine((c) => c.maxCovers >= c.minCovers, coversOrder);
export const combinationIdParams = recordIdParams('id');
export const combinationChangedResponse = changed(combinationSchema);
