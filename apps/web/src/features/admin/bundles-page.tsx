import { type AdminBundle, type AdminBundleInput, formatRupees, messages, planPaths } from '@shop/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { BundleForm } from './bundle-form';
import { useListAdminBundlesQuery } from './bundles-api';
import { AdminTable, RowButton } from './table-wrap';
import { useEditedRow } from './use-edited-row';

/** The course editor's Instalments box, pointed at the bundle: its own chunk, loaded once a bundle is edited. */
const InstalmentsBox = lazy(() => import('./instalments-box').then((m) => ({ default: m.InstalmentsBox })));

const emptyBundle: AdminBundleInput = { title: '', description: '', price: 0, courseIds: [], published: false };

/** The form's values of a saved bundle. */
function toInput({ title, description, price, courseIds, published }: AdminBundle): AdminBundleInput {
  return { title, description, price, courseIds, published };
}

/**
 * The console's bundles: several courses sold together at one price; the list and a form to make or change
 * one, and while one is changed, its instalment offer.
 */
export function BundlesPage() {
  const { data } = useListAdminBundlesQuery();
  const edited = useEditedRow(toInput, emptyBundle);
  return (
    <>
      <h1>Bundles</h1>
      <BundleForm key={edited.key} id={edited.id} initial={edited.initial} onDone={edited.done} />
      {edited.id && (
        <Suspense fallback={<p className="state-message">{messages.loading}</p>}>
          <InstalmentsBox
            key={edited.id}
            target={{ path: planPaths.adminBundleInstalments, id: edited.id }}
            help={messages.bundleInstalmentsConsoleHelp}
          />
        </Suspense>
      )}
      <AdminTable
        heading
        label="All bundles"
        columns={['Title', 'Price', 'Courses', 'Bought one by one', 'State', 'Actions']}
        rows={data}
        empty={<p className="state-message">No bundles yet.</p>}
      >
        {(bundle) => (
          <>
            <td>{bundle.published ? <Link to={`/bundles/${bundle.id}`}>{bundle.title}</Link> : bundle.title}</td>
            <td>{formatRupees(bundle.price)}</td>
            <td>{bundle.courses.map((course) => course.title).join(', ')}</td>
            <td>{formatRupees(bundle.coursesPrice)}</td>
            <td>{bundle.published ? 'Published' : 'Draft'}</td>
            <td className="admin-actions">
              <RowButton label={`Edit ${bundle.title}`} onClick={() => edited.edit(bundle)}>
                Edit
              </RowButton>
            </td>
          </>
        )}
      </AdminTable>
    </>
  );
}
