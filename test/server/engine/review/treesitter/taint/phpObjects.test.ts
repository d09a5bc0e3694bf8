// PHP objects followed in call order (taint/objects.ts): a constructor receives what `new C(...)`
// passes, and a property read by a method holds what the constructor and the methods called before
// on the same local object last wrote there. The unsafe cases sit next to safe look-alikes.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

const WRAPPER = `
  class Wrapper {
    private $value;
    public function __construct($v) { $this->value = $v; }
    public function escape() { $this->value = addslashes($this->value); }
    public function get() { return $this->value; }
  }`;

describe('review taint engine: PHP objects in call order', () => {
  it('takes the value an escaping method left in the object, not what the constructor stored', async () => {
    const src = code`
      <?php${WRAPPER}
      $w = new Wrapper($_GET['name']);
      $w->escape();
      $name = $w->get();
      mysql_query("SELECT * FROM users WHERE name = '" . $name . "'");
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), []);
  });

  it('reports the stored input when the escaping method is not called, or called after the read', async () => {
    const src = code`
      <?php${WRAPPER}
      $a = new Wrapper($_GET['a']);
      mysql_query("SELECT * FROM users WHERE name = '" . $a->get() . "'");
      $b = new Wrapper($_GET['b']);
      $raw = $b->get();
      $b->escape();
      mysql_query("SELECT * FROM users WHERE name = '" . $raw . "'");
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [9, 13]);
  });

  it('keeps the raw value possible when the escaping call only runs on one branch', async () => {
    const src = code`
      <?php${WRAPPER}
      $w = new Wrapper($_POST['q']);
      if ($strict) {
        $w->escape();
      }
      mysql_query("SELECT * FROM t WHERE q = '" . $w->get() . "'");
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [12]);
  });

  it('does not decide for an object that leaves sight, and keeps the escape valid for SQL only', async () => {
    const src = code`
      <?php${WRAPPER}
      $w = new Wrapper($_GET['x']);
      $w->escape();
      register($w);
      mysql_query("SELECT * FROM t WHERE x = '" . $w->get() . "'");
      $h = new Wrapper($_GET['y']);
      $h->escape();
      echo "<p>" . $h->get() . "</p>";
    `;
    // Passed to a function that may change it: every write counts (the constructor's input too).
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [11]);
    // addslashes does not protect a page.
    assert.deepEqual(await linesOf('xss', src, 'php'), [14]);
  });

  it('lets a method use a helper of the object that returns a value, not one that writes the property', async () => {
    const cleaner = `
      class Cleaner {
        private $data;
        public function __construct($d) { $this->data = $d; }
        private function quoted($v) { return addslashes($v); }
        private function reset() { $this->data = $_COOKIE['raw']; }
        public function clean() { $this->data = $this->quoted($this->data); }
        public function cleanThenReset() { $this->data = $this->quoted($this->data); $this->reset(); }
        public function get() { return $this->data; }
      }`;
    const clean = code`
      <?php${cleaner}
      $a = new Cleaner($_GET['a']);
      $a->clean();
      mysql_query("SELECT * FROM t WHERE a = '" . $a->get() . "'");
    `;
    assert.deepEqual(await linesOf('sql-injection', clean, 'php'), []);
    // reset() writes the property: the object's state is not decided, every write counts.
    const reset = code`
      <?php${cleaner}
      $b = new Cleaner("constant");
      $b->cleanThenReset();
      mysql_query("SELECT * FROM t WHERE b = '" . $b->get() . "'");
    `;
    assert.deepEqual(await linesOf('sql-injection', reset, 'php'), [13]);
  });

  it('tells objects of two classes with a method of the same name apart', async () => {
    const src = code`
      <?php${WRAPPER}
      class Plain {
        private $value;
        public function __construct($v) { $this->value = $v; }
        public function get() { return $this->value; }
      }
      $w = new Wrapper($_GET['w']);
      $w->escape();
      mysql_query("SELECT * FROM t WHERE w = '" . $w->get() . "'");
      $p = new Plain("constant");
      mysql_query("SELECT * FROM t WHERE p = '" . $p->get() . "'");
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), []);
    const raw = src.replace('new Plain("constant")', "new Plain($_POST['p'])");
    assert.deepEqual(await linesOf('sql-injection', raw, 'php'), [17]);
  });

  it('follows input a constructor receives into a sink, and not a constant it receives', async () => {
    const src = code`
      <?php
      class Greeting {
        private $who;
        public function __construct($who) { $this->who = $who; }
        public function show() { echo "<p>Hello " . $this->who . "</p>"; }
      }
      $g = new Greeting($_GET['who']);
      $g->show();
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5]);
    const safe = code`
      <?php
      class Greeting {
        private $who;
        public function __construct($who) { $this->who = $who; }
        public function show() { echo "<p>Hello " . $this->who . "</p>"; }
      }
      $g = new Greeting("world");
      $g->show();
    `;
    assert.deepEqual(await linesOf('xss', safe, 'php'), []);
  });

  it('follows input into a constructor a subclass inherits or calls as parent::__construct', async () => {
    const base = `
      class Box {
        protected $content;
        public function __construct($c) { $this->content = $c; }
        public function content() { return $this->content; }
      }`;
    const inherited = code`
      <?php${base}
      class Crate extends Box {}
      $c = new Crate($_GET['c']);
      echo "<p>" . $c->content() . "</p>";
    `;
    assert.deepEqual(await linesOf('xss', inherited, 'php'), [9]);
    const viaParent = code`
      <?php${base}
      class Parcel extends Box {
        public function __construct($c) { parent::__construct($c); }
      }
      $p = new Parcel($_POST['p']);
      echo "<p>" . $p->content() . "</p>";
    `;
    assert.deepEqual(await linesOf('xss', viaParent, 'php'), [11]);
    // Safe look-alikes: the subclass passes an escaped value, or a constant, to its parent.
    const escaped = viaParent.replace('parent::__construct($c)', 'parent::__construct(htmlspecialchars($c))');
    assert.deepEqual(await linesOf('xss', escaped, 'php'), []);
    const constant = inherited.replace("new Crate($_GET['c'])", 'new Crate("fixed")');
    assert.deepEqual(await linesOf('xss', constant, 'php'), []);
  });

  it('reads a property an inherited getter returns as the subclass constructor wrote it', async () => {
    const src = code`
      <?php
      class Label {
        public $text = "";
        public function text() { return $this->text; }
      }
      class UserLabel extends Label {
        public function __construct($t) { $this->text = $t; }
      }
      $u = new UserLabel($_GET['t']);
      echo $u->text();
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [10]);
    // A subclass whose constructor ignores its argument: the getter returns its constant.
    const fixed = src.replace('$this->text = $t;', '$this->text = "fixed";');
    assert.deepEqual(await linesOf('xss', fixed, 'php'), []);
  });

  it('takes an object as the text its __toString returns where it is used as a string', async () => {
    const src = code`
      <?php
      class Shown {
        public function __toString() { return $_GET['shown']; }
      }
      class Quiet {
        public function __toString() { return "quiet"; }
      }
      $s = new Shown();
      echo "value: $s";
      $q = new Quiet();
      echo $q;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [9]);
  });

  it('reads a property from outside the class as the setter called on that object left it', async () => {
    const src = code`
      <?php
      class Box { public $v; public function set($x) { $this->v = $x; } }
      $b = new Box;
      $b->set($_GET['p']);
      echo $b->v;
      $c = new Box;
      $c->set("fixed");
      echo $c->v;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5]);
  });

  it('follows a property the constructor promotes from its parameter', async () => {
    const src = code`
      <?php
      class A {
        public function __construct(private string $name, private int $id, private string $fixed = 'x') {}
        public function name() { echo $this->name; }
        public function id() { echo $this->id; }
        public function fixed() { echo $this->fixed; }
      }
      $a = new A($_GET['n'], $_GET['i']);
      $a->name();
      $a->id();
      $a->fixed();
      echo $a->name;
      $b = new A('safe', 1);
      $b->name();
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 12]);
  });
});

describe('review taint engine: PHP methods inherited from a class out of sight', () => {
  it('passes on their arguments, not every property of the object they are called on', async () => {
    const src = code`
      <?php
      class Table extends WP_List_Table {
          function prepare_items() { $this->filter = $_REQUEST['type']; }
          function row($item) {
              echo $this->single_row_columns($item);
              echo $this->helper();
              echo $this->format($this->filter);
              echo $this->filter;
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 8]);
  });
});

describe('review taint engine: PHP properties read through a parameter typed by a class of the file', () => {
  it('reads what that class, an ancestor or a subclass writes to the property', async () => {
    const src = code`
      <?php
      class Query {
          public string $term;
          public function __construct() { $this->term = (string) $_GET['q']; }
      }
      class Filter { public $rule; public function load() { $this->rule = $_POST['r']; } }
      class StrictFilter extends Filter {}
      class Page {
          public function show(Query $query): void { echo $query->term; }
          public function rule(?StrictFilter $f): void { echo $f->rule; }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [9, 10]);
  });

  it('does not read another class, another property, a number-typed one, an untyped or reassigned parameter', async () => {
    const src = code`
      <?php
      class Query {
          public string $term;
          public int $page;
          public $title;
          public function __construct() {
              $this->term = (string) $_GET['q'];
              $this->page = $_GET['p'];
              $this->title = 'Search';
          }
      }
      class Label { public $term = 'Find'; }
      function a(Label $l) { echo $l->term; }
      function b(Query $q) { echo $q->title; echo $q->page; }
      function c($q) { echo $q->term; }
      function d(Query $q) { $q = new Label(); echo $q->term; }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), []);
  });

  it('reads an object built with new, handed whole to a method of a database name, as no SQL text', async () => {
    // wallabag: a pager helper's `prepare($adapter)` over a Doctrine adapter of a query built from input.
    const src = code`
      <?php
      class EntryController {
        function list(Request $request) {
          $qb = $this->repo->builderForSearch($request->query->get('term'));
          $adapter = new DoctrineORMAdapter($qb->getQuery(), true);
          $entries = $this->pagerHelper->prepare($adapter);
          $direct = $this->pagerHelper->prepare(new Adapter($request->query->get('q')));
          $sql = "SELECT * FROM t WHERE a = " . $request->query->get('q');
          $this->db->prepare($sql);
        }
      }
    `;
    // Near miss: SQL text built from input (line 9) is reported.
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [9]);
  });

  it('still reads an object as SQL text where the file gives a class __toString', async () => {
    const src = code`
      <?php
      class Query {
        function __construct(private string $where) {}
        function __toString(): string { return "SELECT * FROM t WHERE " . $this->where; }
      }
      $q = new Query($_GET['w']);
      $db->query($q);
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [7]);
  });
});
