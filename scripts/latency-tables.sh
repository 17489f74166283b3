# What the latency scripts share (sourced by latency-bench.sh and latency-wayland-bench.sh):
# the GTK 3 entry they compare with, and their tables.

# Builds the GTK 3 entry at PATH with the C compiler, as GTK applications are built: an executable
# linked by swiftc would also load the Swift runtime (about 2 MiB more, and time at start).
build_gtk3_entry() { # PATH
  cc -O2 -o "$1" Benchmarks/gtk3-entry/main.c $(pkg-config --cflags --libs gtk+-3.0)
}

# Median and 95th percentile (nearest rank) of a file of milliseconds, and the count.
latency_stats() {
  sort -n "$1" | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
    p = v[int(NR * 0.95 + 0.999)]; printf "%.2f %.2f %d\n", m, p, NR }'
}

# Rows of a latency table from FOLDER/CLIENT.ms, for CLIENT=LABEL pairs; the medians go into `median`.
declare -A median
latency_rows() { # FOLDER CLIENT=LABEL...
  local folder=$1 pair m p n
  shift
  echo "| client | median | p95 | keys |"
  echo "|---|---:|---:|---:|"
  for pair in "$@"; do
    read -r m p n < <(latency_stats "$folder/${pair%%=*}.ms")
    median[${pair%%=*}]=$m
    echo "| ${pair#*=} | $m ms | $p ms | $n |"
  done
}

# Rows of a start-up table from FOLDER/CLIENT.start (lines "first-frame-ms F rss-kib R"), medians.
startup_rows() { # FOLDER CLIENT=LABEL...
  local folder=$1 pair frame rss
  shift
  echo "| client | first frame | resident size after start |"
  echo "|---|---:|---:|"
  for pair in "$@"; do
    frame=$(awk '{ print $2 }' "$folder/${pair%%=*}.start" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    rss=$(awk '{ print $4 }' "$folder/${pair%%=*}.start" | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1024 }')
    echo "| ${pair#*=} | $frame ms | $rss MiB |"
  done
}
