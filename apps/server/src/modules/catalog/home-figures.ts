import type { HomeFiguresResponse } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { readSetting } from '../../db/instance-settings.js';
import type { AppDeps } from '../../deps.js';
import { countIssuedCertificates } from '../certificates/find-certificates.js';
import { countPublishedCourses } from '../courses/index.js';
import { countShopLearners } from '../learning/count-course-learners.js';

/** The instance setting the console's switch writes (admin/save-home-figures.ts): 'on' or 'off'. */
export const LIVE_FIGURES_SETTING = 'home.live_figures';

/** Whether the home page's strip shows live figures: off until the operator switches it on. */
export async function liveFiguresOn(db: Db): Promise<boolean> {
  return (await readSetting(db, LIVE_FIGURES_SETTING)) === 'on';
}

/**
 * The home page's statistics strip (issue 32): by default the specification's figures (the web has them),
 * switched on, the shop's own, counted at most once per catalogue cache lifetime.
 */
export function homeFigures({ db, catalogCache }: Pick<AppDeps, 'db' | 'catalogCache'>): Promise<HomeFiguresResponse> {
  return catalogCache.memo('home-figures', async () => {
    if (!(await liveFiguresOn(db))) return { ok: true as const, live: false, figures: null };
    const [courses, { sold, learners }, certificates] = await Promise.all([
      countPublishedCourses(db),
      countShopLearners(db),
      countIssuedCertificates(db),
    ]);
    return { ok: true as const, live: true, figures: { courses, sold, learners, certificates } };
  });
}
