import { createCategory, deleteCategory, listCategories, updateCategory } from '../../domain/categories/categories.service.ts';
import { serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const categoryResolvers: Resolvers = {
  User: {
    categories: (_user, _args, { actor }) => listCategories(actor),
  },
  Mutation: {
    createCategory: (_root, { input }, { actor }) => withInput('input', () => createCategory(actor, serviceInput(input))),
    updateCategory: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'category', id }, expectedVersion, () =>
        withInput('input', () => updateCategory(actor, id, serviceInput(input))),
      ),
    deleteCategory: async (_root, { id }, { actor }) => (await deleteCategory(actor, id), true),
  },
};
