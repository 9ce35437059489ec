// gen.go: prints the orders Go's own sort package gives, the reference
// for core/gosort.c (tests/unit/test_gosort.c reads the output).
//
// Run with the Go toolchain whose sort is wanted:
//
//	go run tests/gosort/gen.go [NOTE] > tests/unit/data/gosort-<variant>.txt
//
// NOTE, when given, is printed as a second header line (how the Go that
// ran was set up).
// Inputs are deterministic (a fixed xorshift of this file's own, not
// Go's), so every Go release sees the same arrays; only the sort differs.
// Lines:
//
//	I N k1 .. kN | sort.Sort order | sort.Slice order
//	D N BINPACK numa:score x N | sort.Sort order
//
// An order lists the original positions of the elements, first to last.
// I lines: int keys, Less is k[i] < k[j]; many equal keys.  D lines:
// HAMi v2.6.1's DeviceUsageList.Less (pkg/scheduler/policy/gpu_policy.go)
// on NUMA node and score.
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
)

type rng uint64

func (r *rng) next() uint64 {
	// splitmix64: independent of the xorshift inside Go's sort.
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

type keyed struct {
	key []int
	pos []int
}

func (k keyed) Len() int           { return len(k.key) }
func (k keyed) Less(i, j int) bool { return k.key[i] < k.key[j] }
func (k keyed) Swap(i, j int) {
	k.key[i], k.key[j] = k.key[j], k.key[i]
	k.pos[i], k.pos[j] = k.pos[j], k.pos[i]
}

type dev struct {
	numa  int
	score float32
	pos   int
}

type devList struct {
	d       []dev
	binpack bool
}

func (l devList) Len() int      { return len(l.d) }
func (l devList) Swap(i, j int) { l.d[i], l.d[j] = l.d[j], l.d[i] }
func (l devList) Less(i, j int) bool {
	a, b := l.d[i], l.d[j]
	if l.binpack {
		if a.numa == b.numa {
			return a.score < b.score
		}
		return a.numa > b.numa
	}
	if a.numa == b.numa {
		return a.score > b.score
	}
	return a.numa < b.numa
}

func iota(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func join(p []int) string {
	s := make([]string, len(p))
	for i, v := range p {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, " ")
}

// keys draws n keys of one of several shapes, all with many equal keys.
func keys(r *rng, n, shape int) []int {
	k := make([]int, n)
	for i := range k {
		switch shape {
		case 0: // few distinct values
			k[i] = r.intn(3)
		case 1: // all equal
			k[i] = 7
		case 2: // sorted runs with ties
			k[i] = i / 4
		case 3: // descending with ties
			k[i] = (n - i) / 3
		case 4: // mostly one value
			if r.intn(8) == 0 {
				k[i] = r.intn(5)
			} else {
				k[i] = 2
			}
		default: // organ pipe with ties
			if i < n/2 {
				k[i] = i / 2
			} else {
				k[i] = (n - i) / 2
			}
		}
	}
	return k
}

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	r := rng(2026)

	fmt.Fprintf(w, "# Orders of Go's sort.Sort and sort.Slice, %s, by "+
		"tests/gosort/gen.go.\n", runtime.Version())
	if len(os.Args) > 1 {
		fmt.Fprintf(w, "# %s\n", os.Args[1])
	}
	for n := 13; n <= 200; n++ {
		shape := n % 6
		k := keys(&r, n, shape)
		a := keyed{append([]int(nil), k...), iota(n)}
		sort.Sort(a)
		// sort.Slice swaps through the slice it is given (pos), so
		// its Less must see keys moved the same way: sort pairs.
		pairs := make([][2]int, n)
		for i := range pairs {
			pairs[i] = [2]int{k[i], i}
		}
		sort.Slice(pairs, func(i, j int) bool {
			return pairs[i][0] < pairs[j][0]
		})
		sl := make([]int, n)
		for i, p := range pairs {
			sl[i] = p[1]
		}
		fmt.Fprintf(w, "I %d %s | %s | %s\n", n, join(k), join(a.pos),
			join(sl))
	}
	for c := 0; c < 400; c++ {
		n := 13 + r.intn(188)
		l := devList{make([]dev, n), r.intn(2) == 1}
		numas := 1 + r.intn(2)
		scores := 1 + r.intn(4)
		var b strings.Builder
		for i := range l.d {
			l.d[i] = dev{r.intn(numas), float32(r.intn(scores)) * 1.5, i}
			fmt.Fprintf(&b, " %d:%g", l.d[i].numa, l.d[i].score)
		}
		sort.Sort(l)
		p := make([]int, n)
		for i, d := range l.d {
			p[i] = d.pos
		}
		bp := 0
		if l.binpack {
			bp = 1
		}
		fmt.Fprintf(w, "D %d %d%s | %s\n", n, bp, b.String(), join(p))
	}
}
