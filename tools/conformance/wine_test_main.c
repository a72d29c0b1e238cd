// The entry point Wine's test harness expects (STANDALONE: test.h supplies main) for the test file
// whose START_TEST name is WINE_TEST_ENTRY, and the one debug-string helper test.h calls that lives
// in Wine's ntdll (here: a small rotating buffer).
#include <string.h>

#define STANDALONE
#include "wine/test.h"

#define WINE_TEST_CAT(a, b) a##b
#define WINE_TEST_FUNC(entry) WINE_TEST_CAT(func_, entry)
#define WINE_TEST_STR2(x) #x
#define WINE_TEST_STR(x) WINE_TEST_STR2(x)

extern void WINE_TEST_FUNC(WINE_TEST_ENTRY)(void);
const struct test winetest_testlist[] = {{WINE_TEST_STR(WINE_TEST_ENTRY), WINE_TEST_FUNC(WINE_TEST_ENTRY)}, {0, 0}};

const char *__wine_dbg_strdup(const char *text) {
  static char buffers[64][512];
  static unsigned int next;
  char *buffer = buffers[next++ % 64];
  strncpy(buffer, text, 511);
  buffer[511] = 0;
  return buffer;
}
