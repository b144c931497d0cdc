import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as categories from '../../domain/categories/categories.service.ts';
import { CategoryCreate, CategoryUpdate } from '../../domain/categories/categories.schemas.ts';
import { CategoryRead, presentCategory } from '../../representation/categories.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'categories';
const params = z.object({ category_id: uuid() });

export const categoryRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/categories',
    tag,
    access: 'read',
    graphql: 'User.categories',
    summary: 'All categories, by name',
    responses: { 200: z.array(CategoryRead) },
    handler: async (r) => ok((await categories.listCategories(r.actor)).map(presentCategory)),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/categories',
    tag,
    access: 'write',
    graphql: 'Mutation.createCategory',
    errors: [409],
    summary: 'Create a category (names are unique per user, ignoring case)',
    body: CategoryCreate,
    responses: { 201: CategoryRead },
    handler: async (r) => created(presentCategory(await categories.createCategory(r.actor, r.body))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/categories/{category_id}',
    version: { type: 'category', param: 'category_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateCategory',
    errors: [409],
    summary: 'Rename or restyle a category',
    params,
    body: CategoryUpdate,
    responses: { 200: CategoryRead },
    handler: async (r) => ok(presentCategory(await categories.updateCategory(r.actor, r.params.category_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/categories/{category_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteCategory',
    summary: 'Delete a category; its events keep existing without a category',
    params,
    responses: { 204: null },
    handler: async (r) => (await categories.deleteCategory(r.actor, r.params.category_id), noContent()),
  }),
];
