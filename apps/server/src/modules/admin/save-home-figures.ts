import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { saveSetting } from '../../db/instance-settings.js';
import { LIVE_FIGURES_SETTING, liveFiguresOn } from '../catalog/home-figures.js';

/** The console's switch for the home page's live figures (issue 32), with its audit row. */
export async function saveHomeFigures(db: Db, operator: SessionUser, live: boolean, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await liveFiguresOn(trx);
    await saveSetting(trx, LIVE_FIGURES_SETTING, live ? 'on' : 'off');
    await writeAudit(
      trx,
      operator,
      {
        action: 'home_figures.saved',
        entity: 'home_figures',
        entityId: 'shop',
        before: { live: before },
        after: { live },
      },
      now,
    );
  });
}
