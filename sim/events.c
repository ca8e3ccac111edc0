// SPDX-License-Identifier: GPL-2.0
/*
 * The event queue: a binary heap ordered by time, then by the order the
 * events were added, so that a run depends on nothing but its seed.
 * Cancelled events stay in the heap and are recognised by a stale
 * generation when they come out.
 */
#include <stdlib.h>
#include "model.h"

static struct sim_event *heap;
static size_t heap_len, heap_cap;
static u64 heap_seq;

static bool ev_before(const struct sim_event *a, const struct sim_event *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static void ev_swap(size_t i, size_t j)
{
	struct sim_event tmp = heap[i];

	heap[i] = heap[j];
	heap[j] = tmp;
}

void sim_event_add(u64 time, enum sim_event_type type, int cpu,
		   struct sim_task *t, u64 gen, struct sim_spec *spec)
{
	size_t i;

	if (heap_len == heap_cap) {
		heap_cap = heap_cap ? 2 * heap_cap : 1024;
		heap = realloc(heap, heap_cap * sizeof(*heap));
		if (!heap) {
			perror("sim: realloc");
			exit(2);
		}
	}
	i = heap_len++;
	heap[i] = (struct sim_event){ .time = time, .seq = heap_seq++,
				      .type = type, .cpu = cpu, .task = t,
				      .gen = gen, .spec = spec };
	while (i && ev_before(&heap[i], &heap[(i - 1) / 2])) {
		ev_swap(i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

bool sim_event_next(struct sim_event *ev)
{
	size_t i = 0;

	if (!heap_len)
		return false;
	*ev = heap[0];
	heap[0] = heap[--heap_len];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;

		if (l < heap_len && ev_before(&heap[l], &heap[m]))
			m = l;
		if (r < heap_len && ev_before(&heap[r], &heap[m]))
			m = r;
		if (m == i)
			break;
		ev_swap(i, m);
		i = m;
	}
	return true;
}

/* xorshift64*: small, fast, and the same on every machine */
static u64 rng_state;

void sim_rand_seed(u64 seed)
{
	rng_state = seed * 2654435761ULL + 0x9e3779b97f4a7c15ULL;
	if (!rng_state)
		rng_state = 1;
}

u64 sim_rand(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

u64 sim_draw(const struct sim_dur *d)
{
	if (d->hi <= d->lo)
		return d->lo;
	return d->lo + sim_rand() % (d->hi - d->lo + 1);
}
