// Tests of join.js's pure parts: the in-app browsers by user agent, the key's fingerprint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fingerprint } from './static/join.js';
import { inAppOf } from './static/view.js';

const nacl = createRequire(import.meta.url)('./static/nacl.min.js');

test('in-app browsers by user agent; the phones\' own browsers are not', () => {
  const cases = [
    ['Mozilla/5.0 (Linux; Android 12; wv) AppleWebKit/537.36 Chrome/107.0 Mobile Safari/537.36 XWEB/5127 MMWEBSDK/20230604 MicroMessenger/8.0.38.2400(0x28002639) WeChat/arm64', { app: 'wechat', ios: false }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.38(0x1800262c) NetType/WIFI', { app: 'wechat', ios: true }],
    ['Mozilla/5.0 (Linux; Android 11; wv) AppleWebKit/537.36 Chrome/89.0 MQQBrowser/6.2 TBS/046291 Mobile Safari/537.36 V1_AND_SQ_8.9.38_4256_YYB_D QQ/8.9.38.10545 NetType/WIFI', { app: 'qq', ios: false }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 QQ/8.8.50.604 V1_IPH_SQ_8.8.50_1_APP_A Pixel/1170', { app: 'qq', ios: true }],
    ['Mozilla/5.0 (Linux; U; Android 10; zh-CN) AppleWebKit/537.36 Chrome/69.0 UWS/3.22.1.233 Mobile Safari/537.36 AliApp(AP/10.3.10.8000) AlipayClient/10.3.10.8000', { app: 'alipay', ios: false }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 AliApp(DingTalk/7.0.10) com.laiwang.DingTalk/29132123 Channel/201200 language/zh-Hans-CN', { app: 'dingtalk', ios: true }],
    ['Mozilla/5.0 (Linux; Android 10; wv) AppleWebKit/537.36 Chrome/83.0 Mobile Safari/537.36 Weibo (Xiaomi-Redmi K30__weibo__11.8.1__android__android10)', { app: 'weibo', ios: false }],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', null],
    ['Mozilla/5.0 (Linux; U; Android 11; zh-cn) AppleWebKit/537.36 Chrome/89.0 MQQBrowser/13.6 Mobile Safari/537.36', null],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 Version/12.1.2 Mobile/15E148 Safari/604.1', null],
    ['Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 Chrome/100.0 Mobile Safari/537.36 UCBrowser/13.4', null],
  ];
  for (const [ua, want] of cases) assert.deepEqual(inAppOf(ua), want, ua);
});

test('the fingerprint: 8 digits in two groups, from SHA-512 of the key', () => {
  const key = nacl.box.keyPair().publicKey;
  const fp = fingerprint(nacl, key);
  assert.match(fp, /^\d{4} \d{4}$/);
  const h = nacl.hash(key);
  let n = 0n; // the same number with BigInt (node has it; the page avoids it for iOS 12)
  for (let i = 0; i < 8; i++) n = n * 256n + BigInt(h[i]);
  assert.equal(fp.replace(' ', ''), String(n % 100000000n).padStart(8, '0'));
  assert.notEqual(fingerprint(nacl, nacl.box.keyPair().publicKey), fp);
});
