import { findSecrets } from '../helpers/log-secrets.ts';

/** The search the suite's teardown runs over every server log line of the run finds what it must. */
test('the log search finds tokens, passwords, codes and key material, and lets redacted values and ordinary lines pass', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
  const leaks = [
    `{"level":30,"msg":"request","authorization":"Bearer ${jwt}"}`,
    '{"level":30,"token":"ptk_AbCdEfGhIjKlMnOpQrStUv_0123"}',
    '{"level":40,"body":{"password":"correct horse battery"}}',
    '{"level":30,"uri":"otpauth://totp/lifetrack:a@b.c?secret=JBSWY3DPEHPK3PXPJBSWY3DP"}',
    '{"level":30,"body":{"code":"123456"}}',
    '{"level":30,"key":{"wrapped_dek":"AAECAwQ="}}',
    '{"level":30,"event":{"encrypted_payload":"c2VjcmV0"}}',
  ];
  for (const line of leaks) expect(findSecrets([line]).length).toBeGreaterThanOrEqual(1);
  const clean = [
    '{"level":30,"req":{"id":"abc","method":"POST","url":"/auth/login"},"res":{"statusCode":200},"userId":"2b1c"}',
    '{"level":30,"body":{"password":"[redacted]","code":"[redacted]"}}',
    '{"level":50,"err":{"type":"Error","message":"boom","error_code":"57014"}}',
  ];
  expect(findSecrets(clean)).toEqual([]);
  expect(findSecrets([leaks[0]])[0]).not.toContain(jwt.slice(-20));
});
