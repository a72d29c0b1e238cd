// The module name the logger uses inside test programs ("<exe>_tests.log").
#include "util/log.h"

const char* util::moduleName() { return "tests"; }
