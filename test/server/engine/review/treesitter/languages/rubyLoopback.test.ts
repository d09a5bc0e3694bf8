// TLS verification turned off for a connection to this machine is no finding; the host is followed
// through URI.parse, bindings and the file's calls of the method. Any other host, or one the file
// cannot show, stays reported.
import assert from 'node:assert/strict';
import { code, linesOf, severitiesOf } from '../reviewHelper';

describe('Ruby: VERIFY_NONE on loopback connections', () => {
  it('does not report a connection every caller points at the loopback address', async () => {
    const src = code`
      class Runner
        def get(path)
          get_url("#{protocol}://127.0.0.1:#{port}#{path}")
        end

        def get_url(url)
          uri = URI.parse(url)
          get_https(uri)
        end

        def get_https(uri)
          http = Net::HTTP.new(uri.host, uri.port)
          http.verify_mode = OpenSSL::SSL::VERIFY_NONE
          http.request(Net::HTTP::Get.new(uri.request_uri)).body
        end

        def ping
          http = Net::HTTP.new("localhost", 8443)
          http.verify_mode = OpenSSL::SSL::VERIFY_NONE
        end
      end
    `;
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'ruby'), []);
  });

  it('reports one whose host is remote, unknown or passed by a caller out of sight', async () => {
    const src = code`
      class Client
        def fetch(url)
          uri = URI.parse(url)
          http = Net::HTTP.new(uri.host, uri.port)
          http.verify_mode = OpenSSL::SSL::VERIFY_NONE
        end

        def local
          fetch("https://127.0.0.1/health")
        end

        def remote
          fetch("https://127.0.0.1.evil.example/x")
        end

        def open(host)
          http = Net::HTTP.new(host, 443)
          http.verify_mode = OpenSSL::SSL::VERIFY_NONE
        end
      end
    `;
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'ruby'), [5, 18]);
  });

  it('keeps VERIFY_NONE at medium where a setting about verification picks it, high elsewhere', async () => {
    const src = code`
      class AuthSourceLdap
        def options
          {:tls_options => {:verify_mode => verify_peer? ? OpenSSL::SSL::VERIFY_PEER : OpenSSL::SSL::VERIFY_NONE}}
        end

        def check(imap_options)
          if imap_options[:ssl] == 'force'
            ssl = {verify_mode: OpenSSL::SSL::VERIFY_NONE}
          end
          if debug
            ctx.verify_mode = OpenSSL::SSL::VERIFY_NONE
          end
          fast = {:verify_mode => quick? ? OpenSSL::SSL::VERIFY_PEER : OpenSSL::SSL::VERIFY_NONE}
          http.verify_mode = OpenSSL::SSL::VERIFY_NONE
        end
      end
    `;
    assert.deepEqual(await severitiesOf('tls-verification-disabled', src, 'ruby'), [
      '3 medium',
      '8 medium',
      '11 high',
      '13 high',
      '14 high',
    ]);
  });
});
