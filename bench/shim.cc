// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
// Registers the C cases (cases.c, register.c) with Google Benchmark. No
// case is written here: this file only adapts benchmark::State to C.
#include <benchmark/benchmark.h>

#include "shim.h"

static benchmark::State &st(gb_state *s)
{
	return *reinterpret_cast<benchmark::State *>(s);
}

extern "C" int gb_keep_running(gb_state *s)
{
	return st(s).KeepRunning();
}

extern "C" void gb_set_bytes_per_iteration(gb_state *s, int64_t bytes)
{
	st(s).SetBytesProcessed(st(s).iterations() * bytes);
}

extern "C" void gb_set_items_per_iteration(gb_state *s, int64_t items)
{
	st(s).SetItemsProcessed(st(s).iterations() * items);
}

extern "C" void gb_skip(gb_state *s, const char *why)
{
	st(s).SkipWithError(why);
}

extern "C" void gb_register(const char *name, gb_case_fn fn, const void *arg)
{
	benchmark::RegisterBenchmark(name, [fn, arg](benchmark::State &state) {
		fn(reinterpret_cast<gb_state *>(&state), arg);
	});
}

int main(int argc, char **argv)
{
	bench_register_cases();
	benchmark::Initialize(&argc, argv);
	if (benchmark::ReportUnrecognizedArguments(argc, argv))
		return 1;
	benchmark::RunSpecifiedBenchmarks();
	benchmark::Shutdown();
	return 0;
}
