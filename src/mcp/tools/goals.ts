import { z } from 'zod';
import { goalProgressToday } from '../../domain/days/summary.service.ts';
import { listGoals } from '../../domain/goals/goals.service.ts';
import { presentGoalProgress } from '../../rest/presenters/days.ts';
import { presentGoal } from '../../rest/presenters/goals.ts';
import { defineTool } from './tool.ts';

export const goalTools = [
  defineTool({
    name: 'get_goals',
    title: 'Goals and today’s progress',
    description:
      'Every goalable metric with its standing daily goal (target null when none is set), as GET /users/{user_id}/goals, plus `today`: ' +
      "the progress on the user's local today (value, met, progress = value/target), null unless the goal is set and active.",
    input: z.object({}),
    run: async ({ actor }) => {
      const goals = await listGoals(actor);
      const today = await goalProgressToday(
        actor,
        goals.map((g) => g.slug),
      );
      return goals.map((g) => {
        const progress = today.get(g.slug);
        return { ...presentGoal(g), today: progress ? presentGoalProgress(progress) : null };
      });
    },
  }),
];
