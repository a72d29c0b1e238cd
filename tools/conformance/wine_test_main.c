// The entry point Wine's test harness expects (STANDALONE: test.h supplies main), and the one
// debug-string helper test.h calls that lives in Wine's ntdll (here: a small rotating buffer).
#include <string.h>

#define STANDALONE
#include "wine/test.h"

extern void func_d3d11(void);
const struct test winetest_testlist[] = {{"d3d11", func_d3d11}, {0, 0}};

const char *__wine_dbg_strdup(const char *text) {
  static char buffers[64][512];
  static unsigned int next;
  char *buffer = buffers[next++ % 64];
  strncpy(buffer, text, 511);
  buffer[511] = 0;
  return buffer;
}
