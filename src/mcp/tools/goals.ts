import { z } from 'zod';
import { goalProgressToday } from '../../domain/days/summary.service.ts';
import { getGoalHistory, listGoals } from '../../domain/goals/goals.service.ts';
import { presentGoalProgress } from '../../representation/days.ts';
import { presentGoal, presentPeriod } from '../../representation/goals.ts';
import { defineTool } from './tool.ts';

export const goalTools = [
  defineTool({
    name: 'get_goals',
    title: 'Goals and today’s progress',
    description:
      'Every goalable metric with its standing goal (target null when none is set; period day, week or month; its current period value, ' +
      'streak, longest streak and habit strength 0-100), as GET /users/{user_id}/goals, plus `today`: ' +
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
  defineTool({
    name: 'get_goal_history',
    title: "A goal's periods",
    description:
      'Each period (day, week or month) of one set goal from..to, oldest first, with its value, target and outcome (met, missed, skipped, in_progress): ' +
      'how a goal went over time. Same JSON as GET /users/{user_id}/goals/{slug}/history.',
    input: z.object({
      slug: z.string().describe('The metric of the goal (steps, sleep_duration ...), from get_goals'),
      from: z.string().optional().describe("First day (YYYY-MM-DD); default: twelve periods before to's"),
      to: z.string().optional().describe("Last day (YYYY-MM-DD); default: the user's local today"),
    }),
    run: async ({ actor }, { slug, ...range }) => (await getGoalHistory(actor, slug, range)).map(presentPeriod),
  }),
];
