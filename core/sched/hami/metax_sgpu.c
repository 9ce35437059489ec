/*
 * sched/hami/metax_sgpu.c: what HAMi's Metax sGPU (pkg/device/metax/
 * sdevice.go, v2.6.1) does beyond the common vendor rules:
 * GenerateResourceRequests from the limits alone, with vcore 100 when
 * not given and vmemory read as GiB when its Quantity.String() has no
 * unit, as bytes when it has one.  MutateAdmission is the common "the
 * count is a limit" (request.c has_resource), the Fit is the common one
 * (fitInCertainDevice; CheckType on the request's Type, CustomFilterRule
 * true), ScoreNode adds 0.  Registration: the GV_METAX_SGPU row of
 * vendor.c and load/metax_sgpu.c.
 */
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/vendor.h"
#include "util/int32.h"

/*
 * MetaxSDevices.GenerateResourceRequests (sdevice.go): the limit
 * metax-tech.com/sgpu (AsInt64) is Nums; vcore's AsInt64 the cores
 * (else 100); vmemory's AsInt64 v is v / 1024 / 1024 MiB when its
 * String() has a letter ("4Gi", "2k"), else v * 1024 (GiB); no memory
 * asks MemPercentagereq 100.  Requests are never read.
 */
int64_t
hami_metax_sgpu_mem(const struct gs_resval *m)
{
	if (!m->set || !m->ok)
		return 0;
	return (m->ok & GS_RESVAL_UNIT) ? m->v / 1024 / 1024 :
	    i64_mul(m->v, 1024);
}

void
hami_metax_sgpu_request(const struct gs_resval *lim, struct hami_req *out)
{
	const struct gs_resval	*n = &lim[GS_RES_METAX_SGPU];
	const struct gs_resval	*c = &lim[GS_RES_METAX_VCORE];
	int64_t			 mem;

	memset(out, 0, sizeof *out);
	if (!n->set || !n->ok)
		return;
	mem = hami_metax_sgpu_mem(&lim[GS_RES_METAX_VMEM]);
	out->nums = i32_from64(n->v);
	out->memreq = i32_from64(mem);
	out->mempct = mem == 0 ? 100 : 0;
	out->coresreq = c->set && c->ok ? i32_from64(c->v) : 100;
	out->vendor = GV_METAX_SGPU;
	/* A request of no device is none (util.Resourcereqs). */
	if (out->nums <= 0)
		memset(out, 0, sizeof *out);
}
