// Threads and events: named threads run and join, events wake waiters and time out.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>

#include "util/thread.h"

TEST_CASE("a named thread runs its function and joins", "[util][thread]") {
  std::atomic<uint32_t> threadId{0};
  {
    util::Thread thread("d3d11vk-test", [&] { threadId = util::currentThreadId(); });
    thread.join();
    CHECK_FALSE(thread.joinable());
  }
  CHECK(threadId != 0);
  CHECK(threadId != util::currentThreadId());
}

TEST_CASE("an event wakes a waiting thread and stays set until reset", "[util][thread]") {
  util::Event ready, done;
  util::Thread worker("d3d11vk-worker", [&] {
    ready.wait();
    done.set();
  });
  CHECK_FALSE(done.waitFor(std::chrono::milliseconds(20)));
  ready.set();
  CHECK(done.waitFor(std::chrono::seconds(10)));
  CHECK(done.isSet());
  done.reset();
  CHECK_FALSE(done.isSet());
}
