import { type AdminPlan, type AdminPlanInput, type AdminPlanResponse, formatRupees } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { PlanForm } from './plan-form';
import { useListAdminPlansQuery } from './plans-api';
import { AdminTable, RowButton } from './table-wrap';
import { useEditedRow } from './use-edited-row';

const emptyPlan: AdminPlanInput = {
  title: '',
  description: '',
  price: 999,
  period: 'month',
  trialDays: 0,
  allCourses: true,
  courseIds: [],
  liveSessions: false,
  community: false,
  published: false,
};

const per = { month: 'a month', quarter: 'a quarter', year: 'a year' } as const;

/** The form's values of a saved plan (a change sends only the fields the owner touched); no picture, no thumb. */
function toInput(plan: AdminPlan): AdminPlanInput {
  const { id: _id, thumb, ...input } = plan;
  return thumb ? { ...input, thumb } : input;
}

function includes(plan: AdminPlan): string {
  return [
    plan.allCourses ? 'every course' : `${plan.courseIds.length} course${plan.courseIds.length === 1 ? '' : 's'}`,
    plan.liveSessions ? 'live sessions' : '',
    plan.community ? 'community' : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The console's membership plans: the list, a form to make one or change one, and what the last save warned of. */
export function PlansPage() {
  const { data } = useListAdminPlansQuery();
  const edited = useEditedRow(toInput, emptyPlan);
  const [lastSave, setLastSave] = useState<AdminPlanResponse | null>(null);
  return (
    <>
      <h1>Membership plans</h1>
      {lastSave && lastSave.warnings.length > 0 && (
        <div className="admin-panel plan-warnings" role="status">
          <h2>Saved {lastSave.plan.title}, with a warning</h2>
          {lastSave.warnings.map((warning) => (
            <p key={warning}>{warning}</p>
          ))}
        </div>
      )}
      <PlanForm
        key={edited.key}
        id={edited.id}
        initial={edited.initial}
        onDone={(saved) => {
          setLastSave(saved ?? null);
          edited.done();
        }}
      />
      <AdminTable
        heading
        label="All plans"
        columns={['Title', 'Price', 'Trial', 'Includes', 'State', 'Actions']}
        rows={data}
        empty={<p className="state-message">No plans yet.</p>}
      >
        {(plan) => (
          <>
            <td>{plan.title}</td>
            <td>
              {formatRupees(plan.price)} {per[plan.period]}
            </td>
            <td>{plan.trialDays > 0 ? `${plan.trialDays} days` : 'none'}</td>
            <td>{includes(plan)}</td>
            <td>{plan.published ? 'Published' : 'Draft'}</td>
            <td className="admin-actions">
              <RowButton label={`Edit ${plan.title}`} onClick={() => edited.edit(plan)}>
                Edit
              </RowButton>
              <Link
                className="btn btn-small btn-outline"
                to={`/admin/plans/${plan.id}/members`}
                aria-label={`Members of ${plan.title}`}
              >
                Members
              </Link>
            </td>
          </>
        )}
      </AdminTable>
    </>
  );
}
