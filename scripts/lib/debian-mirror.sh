# Sourced: debian_mirror prints the URI of the Debian archive this machine's apt already uses for
# bookworm (from /etc/apt/sources.list and the deb822 files in /etc/apt/sources.list.d), so that
# scripts which need another suite or the source packages ask the same mirror and the repository
# names none. Prints nothing and returns 1 when apt has no bookworm source.
debian_mirror() {
  local uri
  # One-line format: "deb [options] URI SUITE COMPONENT...".
  uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
                       if ($(i + 1) == "bookworm") { print $i; exit } }')
  if [ -z "$uri" ]; then
    # deb822 format: stanzas of "Field: value" lines separated by blank lines.
    uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
      awk 'BEGIN { RS = ""; FS = "\n" }
           { u = ""; s = 0
             for (i = 1; i <= NF; i++) {
               if ($i ~ /^URIs:/) { split($i, a, " "); u = a[2] }
               if ($i ~ /^Suites:/ && $i ~ /[ \t]bookworm([ \t]|$)/) s = 1
             }
             if (u != "" && s) { print u; exit } }')
  fi
  [ -n "$uri" ] || return 1
  echo "${uri%/}"
}
