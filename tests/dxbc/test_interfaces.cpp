// Unit: the IFCE chunk (class linkage reflection) round-trips, answers table look-ups, and
// malformed chunks are refused with an error, never a crash.
#include <catch2/catch.hpp>

#include "dxbc/error.h"
#include "dxbc/interfaces.h"

using namespace dxbc;

namespace {

Interfaces sample() {
  Interfaces in;
  in.types = {{"cRed", 0, 1, 0, 0}, {"cBlue", 1, 2, 1, 1}};
  in.instances = {{"g_red", 0, 0, 4, 0, 0}, {"g_blue", 1, 0, 5, 2, 3}};
  InterfaceSlotRecord lights;
  lights.slotSpan = 2;
  lights.typeIds = {0, 1};
  lights.tableIds = {0, 1};
  InterfaceSlotRecord material;
  material.slotSpan = 1;
  material.typeIds = {1};
  material.tableIds = {2};
  in.slots = {lights, material};
  in.slotCount = 3;
  return in;
}

}  // namespace

TEST_CASE("IFCE chunks round-trip and map slot and class type to a function table", "[ifce]") {
  Chunk chunk = sample().write();
  CHECK(chunk.code == makeFourCC("IFCE"));
  CHECK(chunk.data.size() % 4 == 0);
  Interfaces out = Interfaces::parse(chunk);
  REQUIRE(out.types.size() == 2);
  CHECK(out.types[1].name == "cBlue");
  CHECK(out.types[1].id == 1);
  CHECK(out.types[1].constantBufferStride == 2);
  REQUIRE(out.instances.size() == 2);
  CHECK(out.instances[1].name == "g_blue");
  CHECK(out.instances[1].typeId == 1);
  CHECK(out.instances[1].constantVectorOffset == 5);
  CHECK(out.instances[1].texture == 2);
  CHECK(out.instances[1].sampler == 3);
  CHECK(out.slotCount == 3);
  REQUIRE(out.slots.size() == 2);
  CHECK(out.slots[1].firstSlot == 2);
  uint32_t table = 99;
  CHECK(out.tableFor(1, 1, table));
  CHECK(table == 1);
  CHECK(out.tableFor(2, 1, table));
  CHECK(table == 2);
  CHECK_FALSE(out.tableFor(2, 0, table));  // the material slot has no table for cRed
  CHECK_FALSE(out.tableFor(3, 0, table));
  CHECK(out.typeNamed("cRed") == &out.types[0]);
  CHECK(out.typeNamed("cGreen") == nullptr);
  CHECK(out.typeWithId(1) == &out.types[1]);
}

TEST_CASE("malformed IFCE chunks are refused", "[ifce]") {
  Chunk good = sample().write();
  // Every truncation fails cleanly or parses (never reads past the end).
  for (size_t size = 0; size < good.data.size(); size++) {
    Chunk cut{good.code, std::vector<uint8_t>(good.data.begin(), good.data.begin() + long(size))};
    try {
      Interfaces::parse(cut);
    } catch (const Error&) {
    }
  }
  Chunk tooManySlots = good;
  tooManySlots.data[12] = 254;  // interface slot count past D3D11's 253
  CHECK_THROWS_AS(Interfaces::parse(tooManySlots), Error);
  Chunk spanPastSlots = good;
  spanPastSlots.data[12] = 2;  // the records' spans (2 + 1) no longer fit
  CHECK_THROWS_AS(Interfaces::parse(spanPastSlots), Error);
  Chunk typesPastEnd = good;
  typesPastEnd.data[4] = 200;
  CHECK_THROWS_AS(Interfaces::parse(typesPastEnd), Error);
  // Every single-byte corruption: an error or a parse, never a crash (run under ASan too).
  for (size_t i = 0; i < good.data.size(); i++) {
    Chunk bad = good;
    bad.data[i] ^= 0xff;
    try {
      Interfaces::parse(bad);
    } catch (const Error&) {
    }
  }
}
