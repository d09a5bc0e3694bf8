// Hard-coded secrets in tree-sitter languages: credentials inside unit-test classes are fixtures
// handed to the code under test; the same literal in any other class is still reported, and a key
// in a known format is reported even in a test class.
import assert from 'node:assert/strict';
import { code, linesOf } from './reviewHelper';

describe('review hard-coded secrets: unit-test classes', () => {
  it('spares credentials in PHPUnit test cases, not in other classes', async () => {
    const src = code`
      <?php
      use PHPUnit\\Framework\\TestCase;

      class LoginTest extends TestCase
      {
          public function testLogin(): void
          {
              $password = "Tr8pQz2Ln9";
              $this->assertTrue(login("admin", $password));
          }
      }

      class QualifiedTest extends PHPUnit\\Framework\\TestCase
      {
          private $apiKey = "q9Zr3Lm8Tx2Vb7Nc4Kd6";
      }

      class LoginService extends BaseService
      {
          public function connect(): void
          {
              $password = "Tr8pQz2Ln9";
          }
      }
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', src, 'php'), [22]);
  });

  it('spares credentials in unittest and Minitest test cases, not in a class named like a test', async () => {
    const py = code`
      import unittest

      class ClientTest(unittest.TestCase):
          def test_login(self):
              password = "Tr8pQz2Ln9"

      class TestData(Base):
          password = "Tr8pQz2Ln9"
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', py, 'python'), [8]);
    const rb = code`
      class SessionTest < Minitest::Test
        def test_login
          password = "Tr8pQz2Ln9"
        end
      end

      class Session < ApplicationRecord
        PASSWORD = "Tr8pQz2Ln9"
      end
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', rb, 'ruby'), [8]);
  });

  it('still reports a key in a known format inside a test case', async () => {
    const src = code`
      <?php
      class UploadTest extends TestCase
      {
          private $stripe = "sk_live_9f8e7d6c5b4a3f2e1d0c";
          private $password = "Tr8pQz2Ln9";
      }
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', src, 'php'), [4]);
  });
});

describe('review hard-coded secrets: message tables', () => {
  it('spares translations keyed by messages, not a settings array beside them', async () => {
    const src = code`
      <?php
      return array(
          'Bad username or password' => 'Nom d\\'utilisateur ou mot de passe incorrect',
          'Password' => 'Parola9x',
          'Change password' => 'Cambia parola',
          'Credentials' => 'Kredencialet7',
          'Sign in' => 'Hyr',
      );
      $settings = array(
          'host' => 'db.example.org',
          'password' => 'Parola9x',
          'Bad value' => 'x',
      );
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', src, 'php'), [11]);
  });

  it('still reports a password under a key that is a name, whatever the other keys', async () => {
    const py = code`
      labels = {"user_name": "User name", "pass_word": "Q8zr2Lp9Tx"}
      config = {"password": "Q8zr2Lp9Tx", "hint": "a b", "note": "c d"}
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', py, 'python'), [1, 2]);
  });
});

describe('review hard-coded secrets: documentation strings', () => {
  it('spares a URL with a password in a docstring, not one the code uses or a key in a known format', async () => {
    const py = code`
      class Engine:
          """Create one so:

              engine = create_engine("postgresql+psycopg2://scott:tiger@localhost/test")
          """
          url = "postgresql+psycopg2://scott:tiger@localhost/test"

      def sign():
          """Signs with AKIAIOSFODNN7REALKEY."""
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', py, 'python'), [6, 9]);
  });
});

describe('review hard-coded secrets: getters named after a type', () => {
  it("reads a method String's argument as a key, the conversion String's as the value", async () => {
    // Golden: a command line's getter \`c.String(flag)\`; near miss: the bare conversion.
    const go = code`
      package main
      func setup(c *cli.Context) {
      	forge.OAuthHost = c.String("forge-oauth-host")
      	forge.OAuthSecret = c.String("forge-oauth-secret")
      }
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', go, 'go'), []);
    const py = code`
      oauth_token = str("forge-oauth-token-9Qx2")
      other_token = cfg.str("forge-oauth-token-9Qx2")
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', py, 'python'), [1]);
  });
});
