// The taint engine on Rust: web extractors (actix-web, axum), the environment and HTTP response
// bodies reaching SQL, programs, files, HTML, outgoing requests and regexes, each next to its safe
// look-alike (bound parameters, numeric parsing, allow-lists, escaping, a fixed host).
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('review taint engine: Rust flows', () => {
  it('follows extractor input through format! captures into SQL; binds, numbers and literals are clean', async () => {
    const src = code`
      use axum::extract::Query;
      async fn search(Query(term): Query<String>, pool: sqlx::PgPool) {
          let q = format!("SELECT * FROM items WHERE name = '{term}'");
          sqlx::query(&q).fetch_all(&pool).await;
          sqlx::query("SELECT * FROM items WHERE name = $1").bind(&term).fetch_all(&pool).await;
          let n = term.parse::<i64>().unwrap_or(0);
          let by_id = format!("SELECT * FROM items WHERE id = {n}");
          sqlx::query(&by_id).fetch_all(&pool).await;
          let conn = rusqlite::Connection::open("db").unwrap();
          conn.execute(&format!("DELETE FROM items WHERE name = '{}'", term), []).unwrap();
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'rust'), [4, 10]);
  });

  it('treats a value compared with literals or found in a constant list as pinned inside that branch', async () => {
    const src = code`
      fn run(pool: &sqlx::MySqlPool, kind: String) {
          let kinds = vec!["book", "film"];
          if kinds.contains(&kind.as_str()) {
              sqlx::query(&format!("SELECT * FROM {kind}")).fetch_all(pool);
          }
          if kind == "book" || kind == "film" {
              sqlx::query(&format!("SELECT * FROM {kind}")).fetch_all(pool);
          }
          if kind != "book" {
              sqlx::query(&format!("SELECT * FROM {kind}")).fetch_all(pool);
          } else {
              sqlx::query(&format!("SELECT * FROM {kind}")).fetch_all(pool);
          }
      }
      fn main() {
          let kind = std::env::args().nth(1).unwrap();
          run(&pool(), kind);
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'rust'), [10]);
  });

  it('reports a program named by input and a shell given input; a constant program with input arguments is not', async () => {
    const src = code`
      use std::process::Command;
      fn main() {
          let tool = std::env::var("TOOL").unwrap();
          Command::new(tool.as_str()).output().unwrap();
          let body = reqwest::blocking::get("https://example.org/cmd").unwrap().text().unwrap();
          Command::new("sh").arg("-c").arg(body.as_str()).output().unwrap();
          Command::new("grep").arg(body.as_str()).arg("notes.txt").output().unwrap();
          Command::new("ls").arg("-la").output().unwrap();
      }
    `;
    const findings = (await review(src, 'rust')).filter((f) => f.rule === 'codewright/command-injection');
    assert.deepEqual(
      findings.map((f) => f.line),
      [4, 6],
    );
    // The environment is the operator's own input: reported, but not above medium.
    assert.equal(findings[0].severity, 'medium');
  });

  it('reports request paths reaching files unless a traversal guard returns first', async () => {
    const src = code`
      use actix_web::web;
      async fn read(path: web::Path<String>) -> String {
          let name = path.into_inner();
          std::fs::read_to_string(format!("/srv/{}", name)).unwrap()
      }
      async fn read_checked(path: web::Path<String>) -> String {
          let name = path.into_inner();
          if name.contains("..") || name.contains("/") {
              return String::new();
          }
          std::fs::read_to_string(format!("/srv/{}", name)).unwrap()
      }
      fn size(path: &std::path::Path) -> u64 {
          std::fs::metadata(path).unwrap().len()
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'rust'), [4]);
  });

  it('reports HTML and outgoing requests built from input; a fixed host with an input path is not SSRF', async () => {
    const src = code`
      use axum::{extract::Query, response::Html};
      async fn hello(Query(name): Query<String>) -> Html<String> {
          Html(format!("<p>Hello {}</p>", name))
      }
      async fn proxy(Query(target): Query<String>) {
          reqwest::get(&target).await;
          reqwest::get(&format!("https://api.example.org/items/{}", target)).await;
          reqwest::get(&format!("{}/items", target)).await;
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'rust'), [3]);
    assert.deepEqual(await linesOf('ssrf', src, 'rust'), [6, 8]);
  });

  it('reports regexes compiled from input unless escaped', async () => {
    const src = code`
      fn find(hay: &str) -> bool {
          let user = std::env::var("PATTERN").unwrap();
          let raw = regex::Regex::new(&format!("^{}$", user)).unwrap();
          let safe = regex::Regex::new(&format!("^{}$", regex::escape(&user))).unwrap();
          raw.is_match(hay) && safe.is_match(hay)
      }
    `;
    assert.deepEqual(await linesOf('regex-injection', src, 'rust'), [3]);
  });

  it('takes an HTTP client field or variable for no database: its execute sends a request', async () => {
    // Golden: reqwest clients (a field's declared type, a variable's binding); near miss: a
    // tokio-postgres client field of the same name, whose execute runs the SQL it is given.
    const flow = (field: string) => code`
      struct Http { client: ${field} }
      impl Http {
          async fn call(&self, request: HttpRequest) {
              self.client.execute(request.try_into().unwrap(), &[]).await;
              let client = reqwest::Client::new();
              client.execute(request.try_into().unwrap()).await;
          }
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', flow('reqwest::Client'), 'rust'), []);
    assert.deepEqual(await linesOf('sql-injection', flow('tokio_postgres::Client'), 'rust'), [4]);
  });

  it('takes a named template rendered with a data context for escaped HTML, unless escaping is off', async () => {
    // Golden: handlebars/tera escape the context's values; near misses: a one-argument render
    // (markdown), and the same render in a file that registers \`no_escape\`.
    const page = (setup: string) => code`
      use rocket::form::Form;
      use rocket::response::content::RawHtml as Html;
      ${setup}
      fn login(data: Form<LoginForm>) -> Html<String> {
          let json = serde_json::json!({ "redirect": data.redirect });
          let text = CONFIG.render_template(BASE_TEMPLATE, &json).unwrap();
          let other = hb.render("admin/login", &json).unwrap();
          let md = markdown::render(&data.redirect);
          if data.token.is_empty() { return Html(text); }
          if data.token.len() > 9 { return Html(other); }
          Html(md)
      }
    `;
    assert.deepEqual(await linesOf('xss', page('fn setup() {}'), 'rust'), [11]);
    assert.deepEqual(
      await linesOf(
        'xss',
        page('fn setup(hb: &mut Handlebars) { hb.register_escape_fn(no_escape); }'),
        'rust',
      ),
      [9, 10, 11],
    );
  });
});
