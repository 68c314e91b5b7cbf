/** A valid procurement intent body; override any part. */
export function procurementBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'purchase',
    external_user_id: 'warehouse_1',
    objective: {
      procurement: { item: { name: 'Printer paper A4', sku: 'PAPER-A4' }, quantity: 50 },
    },
    conditions: { trigger: { kind: 'inventory_below', sku: 'PAPER-A4', threshold: 10 } },
    payment: {
      payment_method_id: 'pm_invoice_net_terms',
      billing_terms: 'net-30',
      max_charge_cents: 100_000,
    },
    ...overrides,
  };
}
