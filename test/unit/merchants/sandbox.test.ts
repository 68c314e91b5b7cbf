import { describe, expect, it } from 'vitest';
import type { Fetcher } from '../../../engine/index';
import { sandboxMerchant } from '../../../engine/merchants/sandbox';

const fetcher: Fetcher = {
  fetch: () => Promise.reject(new Error('no network in this test')),
};

describe('the sandbox merchant wiring', () => {
  it('names its connector by the merchant id of its host, as pages and allowed_merchants are', () => {
    const sandbox = sandboxMerchant({ url: 'http://WWW.Shop.Test:8081/', fetcher });
    const page = 'http://www.shop.test:8081/products/runner';
    expect(sandbox.connectorFor('shop.test', false, page)?.merchantId).toBe('shop.test');
    // A procurement buying by sku names the merchant id, not the host.
    expect(sandbox.connectorFor('shop.test', false, null)?.merchantId).toBe('shop.test');
    expect(sandbox.connectorFor('www.shop.test', false, null)).toBeNull();
    expect(sandbox.connectorFor('shop.test', true, page)).toBeNull();
  });

  it('keeps an address that is not a host name as it is', () => {
    const sandbox = sandboxMerchant({ url: 'http://127.0.0.2:8083', fetcher });
    expect(sandbox.connectorFor('127.0.0.2', false, null)?.merchantId).toBe('127.0.0.2');
  });
});
