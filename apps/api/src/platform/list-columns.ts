/**
 * Every paged list's column chooser, one route pair for all lists: GET/PUT /api/list_columns/:list/
 * answer the user's columns in order ({key, hidden, width}); none saved yet answers [] (the list's
 * declared columns as they are). Kept per user in user_preferences under `columns:<list>`.
 */
import { isListName, listColumnsBody, type ListColumn } from '@trenchline/domain';
import { defineRoutes } from './routes.ts';
import { notFound } from './errors.ts';
import { saveUserPreference, userPreference } from './preferences.ts';

const preferenceName = (list: string) => {
  if (!isListName(list)) throw notFound('List');
  return `columns:${list}`;
};

export const listColumnRoutes = defineRoutes('list_columns', [
  {
    method: 'get',
    path: '/list_columns/:list',
    ids: { list: null },
    summary: "The user's columns of a list: order, hidden, width",
    handle: async ({ actor, params }, ctx) => {
      const columns = await userPreference<ListColumn[]>(ctx, actor, preferenceName(params.list), []);
      return { list: params.list, columns: Array.isArray(columns) ? columns : [] };
    },
  },
  {
    method: 'put',
    path: '/list_columns/:list',
    ids: { list: null },
    body: listColumnsBody,
    summary: "Save the user's columns of a list (all of them, in order)",
    handle: async ({ actor, params, body }, ctx) => {
      const name = preferenceName(params.list);
      await saveUserPreference(ctx, actor, name, body.columns);
      return { list: params.list, columns: body.columns };
    },
  },
]);
