import type { AppContext } from '../../context.ts';
import { AddressAllocator } from '../../chains/hd-wallet.ts';

// One allocator per app (keyed by its database): the index blocks it reserves are shared by every
// create that hands out an address, invoices and deposits alike.
const allocators = new WeakMap<object, AddressAllocator>();

/** The app's address allocator (see AddressAllocator.reserve). */
export function allocatorOf(ctx: AppContext): AddressAllocator {
  let allocator = allocators.get(ctx.db);
  if (!allocator) {
    allocator = new AddressAllocator(ctx.config);
    allocators.set(ctx.db, allocator);
  }
  return allocator;
}
