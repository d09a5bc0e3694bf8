// N+1 queries: a query per row of another query, using the row. Loops over plain data, queries that
// do not use the row and relations the loop's query prefetches are not reported.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review: N+1 queries', () => {
  it('Python: Django managers, reverse relations and SQLAlchemy sessions', async () => {
    const src = code`
      def orders(session):
          for order in Order.objects.filter(paid=True):
              customer = Customer.objects.get(id=order.customer_id)
              total = Invoice.objects.filter(status="open").count()
              items = order.item_set.all()
          users = User.objects.prefetch_related("item_set")
          for u in users:
              u.item_set.all()
              Order.objects.filter(user=u).count()
          for x in [1, 2, 3]:
              Customer.objects.get(id=x)
          for row in session.query(User).all():
              session.query(Address).filter(Address.user_id == row.id).all()
          ids = [o.customer_id for o in Order.objects.all()]
          customers = Customer.objects.filter(id__in=ids)
    `;
    assert.deepEqual(await linesOf('n-plus-one-query', src, 'python'), [3, 5, 9, 13]);
  });

  it('Java: repositories in a for-each over a repository read, JDBC queries fed with the row', async () => {
    const src = code`
      class S {
          void users() throws Exception {
              for (User u : userRepository.findAll()) {
                  List<Order> os = orderRepository.findByUserId(u.getId());
                  long c = orderRepository.count();
              }
              for (Long id : ids) {
                  orderRepository.findById(id);
              }
              ResultSet rs = stmt.executeQuery("SELECT id FROM users");
              while (rs.next()) {
                  long id = rs.getLong("id");
                  ps.setLong(1, id);
                  ResultSet o = ps.executeQuery();
                  ResultSet all = other.executeQuery("SELECT 1");
              }
              while (it.hasNext()) {
                  ps.executeQuery();
              }
          }
      }
    `;
    assert.deepEqual(await linesOf('n-plus-one-query', src, 'java'), [4, 14]);
  });

  it('Ruby: ActiveRecord finders in each/find_each blocks over a relation', async () => {
    const src = code`
      def report
        User.where(active: true).each do |user|
          orders = Order.where(user_id: user.id)
          setting = Setting.find_by(key: "x")
        end
        User.find_each do |u|
          Profile.find_by(user_id: u.id)
        end
        [1, 2].each do |i|
          Order.find(i)
        end
      end
    `;
    assert.deepEqual(await linesOf('n-plus-one-query', src, 'ruby'), [3, 7]);
  });
});
