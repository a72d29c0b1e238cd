// KeyedMutex: the state behind IDXGIKeyedMutex on SHARED_KEYEDMUTEX resources, within one process.
//
// DXGI's keyed mutex is a lock that carries a 64-bit key: ReleaseSync(key) releases it "with" that
// key, and AcquireSync(key, timeout) waits until the lock is free *and* was last released with
// `key`. Two users pass a resource back and forth by agreeing on keys (A releases with 1, B
// acquires 1 and releases with 0, A acquires 0 ...). A new resource's mutex is free with key 0.
// All users of one resource here are in this process (sharing is in-process only), so a
// std::mutex and condition variable are the whole implementation; no GPU work is ordered by it
// beyond what the single device's immediate context already orders.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "util/windows_base.h"

namespace d3d11vk {

class KeyedMutex {
public:
  // S_OK once the mutex is free with `key` (then held); WAIT_TIMEOUT when that has not happened
  // within `milliseconds` (INFINITE waits for ever, 0 only tries). Acquiring while already held
  // waits like any other acquirer: the mutex is not recursive.
  HRESULT acquire(uint64_t key, DWORD milliseconds);
  // Frees the mutex with `key` and wakes the waiters; E_FAIL (documented) when it is not held.
  HRESULT release(uint64_t key);

private:
  std::mutex m_lock;
  std::condition_variable m_released;
  bool m_held = false;
  uint64_t m_key = 0;  // the key of the last release (0 for a new resource)
};

}  // namespace d3d11vk
