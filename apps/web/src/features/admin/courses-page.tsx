import { formatRupees } from '@shop/shared';
import { Link } from 'wouter';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useListAdminCoursesQuery, usePublishCourseMutation } from './api';
import { AdminTable, RowButton } from './table-wrap';

export function CoursesPage() {
  const { data } = useListAdminCoursesQuery();
  const [publish, { isLoading }] = usePublishCourseMutation();
  const toggle = async (id: string, title: string, published: boolean) => {
    try {
      await publish({ id, published }).unwrap();
      toast.success(published ? `“${title}” is now on the shop.` : `“${title}” is hidden from the shop.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The change could not be saved. Please try again.'));
    }
  };
  return (
    <>
      <div className="admin-heading">
        <h1>Courses</h1>
        <Link className="btn" to="/admin/courses/new">
          New course
        </Link>
      </div>
      <AdminTable
        label="Courses"
        columns={['Course', 'Price', 'Level', 'Learners', 'On the shop', 'Actions']}
        rows={data}
      >
        {(course) => (
          <>
            <td>
              <Link to={`/admin/courses/${course.id}`}>{course.title}</Link>
            </td>
            <td>{formatRupees(course.price)}</td>
            <td>{course.level}</td>
            <td>{course.buyers}</td>
            <td>{course.published ? 'Published' : 'Hidden'}</td>
            <td>
              <RowButton
                label={`${course.published ? 'Unpublish' : 'Publish'} ${course.title}`}
                disabled={isLoading}
                onClick={() => toggle(course.id, course.title, !course.published)}
              >
                {course.published ? 'Unpublish' : 'Publish'}
              </RowButton>
            </td>
          </>
        )}
      </AdminTable>
    </>
  );
}
