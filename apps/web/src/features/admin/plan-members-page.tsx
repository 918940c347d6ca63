import { type AdminPlanMember, formatRupees, pathWith, subscriptionPaths } from '@shop/shared';
import { Link, useParams } from 'wouter';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from './format-date';
import {
  type MemberAction,
  useActOnMemberMutation,
  useListPlanMembersQuery,
  useRefundMemberChargeMutation,
} from './plan-members-api';
import { AdminTable, RowButton } from './table-wrap';

const question: Record<MemberAction, (member: AdminPlanMember) => string> = {
  pause: (m) =>
    `Pause ${m.name}'s membership? No charges while paused, and the plan's courses close until it is resumed.`,
  resume: (m) => `Resume ${m.name}'s membership? The courses open again and charging restarts from the next due date.`,
  'cancel-at-end': (m) =>
    `Cancel ${m.name}'s membership at the end of the paid period? It can never be restarted; the learner would subscribe again.`,
  'cancel-now': (m) =>
    `Cancel ${m.name}'s membership now? The courses close at once and it can never be restarted. Nothing is refunded by this.`,
};
const done: Record<MemberAction, string> = {
  pause: 'The membership is paused.',
  resume: 'The membership is running again.',
  'cancel-at-end': 'The membership ends at the end of its paid period.',
  'cancel-now': 'The membership is cancelled.',
};

function Charges({ member }: { member: AdminPlanMember }) {
  const [refund, { isLoading }] = useRefundMemberChargeMutation();
  if (member.charges.length === 0) return <>none</>;
  const refundOne = async (paymentId: string, amount: number) => {
    if (!window.confirm(`Refund ${formatRupees(amount)} of payment ${paymentId} to ${member.email}?`)) return;
    try {
      await refund({ subscriptionId: member.subscriptionId, paymentId }).unwrap();
      toast.success('The payment is refunded and its credit note issued.');
    } catch (error) {
      toast.error(errorMessage(error, 'The refund could not be made. Please try again.'));
    }
  };
  return (
    <ul className="plan-member-charges">
      {member.charges.map((charge) => (
        <li key={charge.paymentId}>
          {formatRupees(charge.amount)} on {formatDateTime(charge.paidAt)}{' '}
          {charge.refundedAt ? (
            `(refunded ${formatDateTime(charge.refundedAt)})`
          ) : (
            <RowButton
              label={`Refund ${formatRupees(charge.amount)} paid on ${formatDateTime(charge.paidAt)} by ${member.name}`}
              disabled={isLoading}
              onClick={() => refundOne(charge.paymentId, charge.amount)}
            >
              Refund
            </RowButton>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A plan's members (issue 34): who, since when, their charges and what they are worth; the CSV; pause, resume, cancel. */
export function PlanMembersPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data } = useListPlanMembersQuery(id);
  const [act, { isLoading }] = useActOnMemberMutation();
  const run = async (member: AdminPlanMember, action: MemberAction) => {
    if (!window.confirm(question[action](member))) return;
    try {
      await act({ subscriptionId: member.subscriptionId, action }).unwrap();
      toast.success(done[action]);
    } catch (error) {
      toast.error(errorMessage(error, 'The gateway did not accept the change. Please try again.'));
    }
  };
  const button = (member: AdminPlanMember, action: MemberAction, text: string) => (
    <RowButton label={`${text} ${member.name}`} disabled={isLoading} onClick={() => run(member, action)}>
      {text}
    </RowButton>
  );
  return (
    <>
      <div className="admin-heading">
        <h1>Plan members</h1>
        <a
          className="btn btn-outline"
          href={`${pathWith(subscriptionPaths.adminPlanMembers, { id })}?format=csv`}
          download
        >
          Members (CSV)
        </a>
        <Link to="/admin/plans">Back to plans</Link>
      </div>
      <AdminTable
        label="Members"
        columns={['Learner', 'Status', 'Since', 'Next charge', 'Lifetime value', 'Charges', 'Actions']}
        rows={data}
        rowKey={(member) => member.subscriptionId}
        empty={<p className="state-message">No members yet.</p>}
      >
        {(member) => (
          <>
            <td>
              {member.name} ({member.email}) · <Link to={`/admin/learners/${member.userId}`}>account</Link>
            </td>
            <td>
              {member.status}
              {member.cancelAtPeriodEnd && member.status !== 'cancelled' ? ', ends at period end' : ''}
            </td>
            <td>{formatDateTime(member.since)}</td>
            <td>{formatDateTime(member.nextChargeAt)}</td>
            <td>{formatRupees(member.lifetimeValue)}</td>
            <td>
              <Charges member={member} />
            </td>
            <td className="admin-actions">
              {member.status === 'active' && button(member, 'pause', 'Pause')}
              {member.status === 'paused' && button(member, 'resume', 'Resume')}
              {!['cancelled', 'completed', 'expired'].includes(member.status) && (
                <>
                  {!member.cancelAtPeriodEnd && button(member, 'cancel-at-end', 'Cancel at period end')}
                  {button(member, 'cancel-now', 'Cancel now')}
                </>
              )}
            </td>
          </>
        )}
      </AdminTable>
    </>
  );
}
