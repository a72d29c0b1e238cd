// ModuleBuilder: deduplication, section order, and small modules that pass SPIRV-Tools' validator.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "spirv/module_builder.h"
#include "spirv_validate.h"

using namespace spirv;

namespace {

// The smallest valid compute shader, built with the pieces every test needs.
Id beginComputeMain(ModuleBuilder& b) {
  b.capability(spv::CapabilityShader);
  Id fn = b.beginFunction(b.typeVoid(), b.typeFunction(b.typeVoid()));
  b.label();
  return fn;
}

void endComputeMain(ModuleBuilder& b, Id fn) {
  b.terminate(spv::OpReturn);
  b.endFunction();
  b.entryPoint(spv::ExecutionModelGLCompute, fn, "main", b.interfaceVariables());
  b.executionMode(fn, spv::ExecutionModeLocalSize, {1, 1, 1});
}

}  // namespace

TEST_CASE("types and constants are deduplicated; structs are not", "[spirv]") {
  ModuleBuilder b;
  CHECK(b.u32() == b.typeInt(32, false));
  CHECK(b.u32() != b.i32());
  CHECK(b.typeVector(b.f32(), 4) == b.typeVector(b.f32(), 4));
  CHECK(b.typeVector(b.f32(), 4) != b.typeVector(b.f32(), 3));
  CHECK(b.constU32(7) == b.constU32(7));
  CHECK(b.constU32(7) != b.constI32(7));
  CHECK(b.constF32(1.0f) == b.constBits(b.f32(), 0x3f800000));
  CHECK(b.constBool(true) != b.constBool(false));
  CHECK(b.typeArray(b.u32(), 4) == b.typeArray(b.u32(), 4));
  CHECK(b.typeStruct({b.u32()}) != b.typeStruct({b.u32()}));
  CHECK(b.typePointer(spv::StorageClassPrivate, b.u32()) != b.typePointer(spv::StorageClassFunction, b.u32()));
}

TEST_CASE("capabilities are recorded when a type needs them", "[spirv]") {
  ModuleBuilder b;
  CHECK_FALSE(b.hasCapability(spv::CapabilityFloat64));
  b.typeFloat(64);
  CHECK(b.hasCapability(spv::CapabilityFloat64));
  b.typeInt(64, true);
  CHECK(b.hasCapability(spv::CapabilityInt64));
}

TEST_CASE("literal strings are NUL-terminated and padded to words", "[spirv]") {
  std::vector<uint32_t> w;
  ModuleBuilder::appendString(w, "main");
  REQUIRE(w.size() == 2);
  CHECK(w[0] == 0x6e69616d);
  CHECK(w[1] == 0);
  w.clear();
  ModuleBuilder::appendString(w, "abc");
  REQUIRE(w.size() == 1);
  CHECK(w[0] == 0x00636261);
}

TEST_CASE("the header holds the magic, the version and the id bound", "[spirv]") {
  ModuleBuilder b;
  Id fn = beginComputeMain(b);
  endComputeMain(b, fn);
  std::vector<uint32_t> words = b.finish();
  REQUIRE(words.size() > 5);
  CHECK(words[0] == spv::MagicNumber);
  CHECK(words[1] == 0x00010300);
  CHECK(words[3] == b.allocId());  // the bound is one past the largest id
  CHECK(spirv_test::validate(words) == "");
}

TEST_CASE("a compute shader with a storage buffer, a loop and function variables validates", "[spirv]") {
  ModuleBuilder b;
  Id u32 = b.u32();
  Id runtime = b.typeRuntimeArray(u32);
  b.decorate(runtime, spv::DecorationArrayStride, {4});
  Id block = b.typeStruct({runtime});
  b.decorate(block, spv::DecorationBlock);
  b.memberDecorate(block, 0, spv::DecorationOffset, {0});
  b.name(block, "Data");
  b.memberName(block, 0, "words");
  Id buffer = b.variable(b.typePointer(spv::StorageClassStorageBuffer, block), spv::StorageClassStorageBuffer);
  b.decorate(buffer, spv::DecorationDescriptorSet, {0});
  b.decorate(buffer, spv::DecorationBinding, {3});
  Id invocation = b.variable(b.typePointer(spv::StorageClassInput, b.vec(u32, 3)), spv::StorageClassInput);
  b.decorate(invocation, spv::DecorationBuiltIn, {spv::BuiltInGlobalInvocationId});

  Id fn = beginComputeMain(b);
  // Declared after instructions of the first block, yet it must land at the top of that block.
  Id counter = b.functionVariable(b.typePointer(spv::StorageClassFunction, u32), b.constU32(0));
  Id header = b.allocId(), body = b.allocId(), cont = b.allocId(), merge = b.allocId();
  b.branch(header);
  b.label(header);
  b.opNoResult(spv::OpLoopMerge, {merge, cont, spv::LoopControlMaskNone});
  b.branch(body);
  b.label(body);
  Id i = b.op(spv::OpLoad, u32, {counter});
  Id more = b.op(spv::OpULessThan, b.typeBool(), {i, b.constU32(4)});
  Id store = b.allocId();
  b.branchConditional(more, store, merge);
  b.label(store);
  Id gid = b.op(spv::OpLoad, b.vec(u32, 3), {invocation});
  Id x = b.op(spv::OpCompositeExtract, u32, {gid, 0});
  Id index = b.op(spv::OpIAdd, u32, {x, i});
  Id ptr = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassStorageBuffer, u32), {buffer, b.constU32(0), index});
  b.opNoResult(spv::OpStore, {ptr, i});
  b.branch(cont);
  b.label(cont);
  Id next = b.op(spv::OpIAdd, u32, {i, b.constU32(1)});
  b.opNoResult(spv::OpStore, {counter, next});
  b.branch(header);
  b.label(merge);
  endComputeMain(b, fn);
  std::vector<uint32_t> words = b.finish();
  INFO(spirv_test::disassemble(words));
  CHECK(spirv_test::validate(words) == "");
  std::string text = spirv_test::disassemble(words);
  CHECK(text.find("OpName %Data \"Data\"") != std::string::npos);
  CHECK(text.find("OpMemberName %Data 0 \"words\"") != std::string::npos);
}

TEST_CASE("a switch inserted after its cases were built validates", "[spirv]") {
  ModuleBuilder b;
  Id u32 = b.u32();
  Id var = b.variable(b.typePointer(spv::StorageClassPrivate, u32), spv::StorageClassPrivate);
  Id fn = beginComputeMain(b);
  Id sel = b.op(spv::OpLoad, u32, {var});
  Id merge = b.allocId(), caseA = b.allocId(), caseB = b.allocId();
  b.opNoResult(spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone});
  size_t pos = b.closeBlockForLater();
  CHECK_FALSE(b.inBlock());
  b.label(caseA);
  b.opNoResult(spv::OpStore, {var, b.constU32(1)});
  b.branch(caseB);  // fallthrough into the next case
  b.label(caseB);
  b.opNoResult(spv::OpStore, {var, b.constU32(2)});
  b.branch(merge);
  b.label(merge);
  b.insertInBody(pos, spv::OpSwitch, {sel, merge, 5, caseA, 7, caseB});
  endComputeMain(b, fn);
  std::vector<uint32_t> words = b.finish();
  INFO(spirv_test::disassemble(words));
  CHECK(spirv_test::validate(words) == "");
}

TEST_CASE("misuse of the builder is a logic error, not a broken module", "[spirv]") {
  ModuleBuilder b;
  CHECK_THROWS_AS(b.op(spv::OpIAdd, b.u32(), {1, 2}), std::logic_error);
  CHECK_THROWS_AS(b.label(), std::logic_error);
  b.beginFunction(b.typeVoid(), b.typeFunction(b.typeVoid()));
  CHECK_THROWS_AS(b.endFunction(), std::logic_error);  // a function needs a block
  b.label();
  CHECK_THROWS_AS(b.label(), std::logic_error);        // the open block has no terminator
  CHECK_THROWS_AS(b.endFunction(), std::logic_error);
  CHECK_THROWS_AS(b.finish(), std::logic_error);
}

TEST_CASE("distinct arrays are new types so their layout decorations stay apart", "[spirv]") {
  ModuleBuilder b;
  Id plain = b.typeArray(b.u32(), 4);
  CHECK(b.typeArray(b.u32(), 4) == plain);
  Id laid = b.typeArray(b.u32(), 4, true);
  CHECK(laid != plain);
  CHECK(b.typeArray(b.u32(), 4, true) != laid);
  CHECK(b.typeRuntimeArray(b.u32(), true) != b.typeRuntimeArray(b.u32(), true));
}
