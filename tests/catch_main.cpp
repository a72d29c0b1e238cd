// Catch2's main(), alone in its translation unit: it takes 15-35 s to compile, so no test file
// should have to rebuild it.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
