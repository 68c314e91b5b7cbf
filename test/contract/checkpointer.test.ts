import { describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from '../../server/store/checkpointer';

describe('WAL checkpointer', () => {
  it('reports a worker that cannot open the database, and neither throws nor hangs after it', async () => {
    const onError = vi.fn();
    const checkpointer = startCheckpointer('/nonexistent-dir/for-sure/x.db', { onError });
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.stringMatching(/directory/i)),
    );
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the exit land
    checkpointer.committed();
    await checkpointer.close();
  });
});
