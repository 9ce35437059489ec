/*
 * cel.h: the subset of CEL that DRA's DeviceClass and ResourceClaim
 * selectors use (k8s.io/dynamic-resource-allocation/cel), compiled once
 * and evaluated per device.
 */
#ifndef GS_CEL_H
#define GS_CEL_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

enum gs_cel_type {
	GS_CEL_STRING,
	GS_CEL_INT,
	GS_CEL_BOOL,
	GS_CEL_VERSION,		/* a semver string */
	GS_CEL_QUANTITY		/* a resource.Quantity */
};

struct gs_cel_value {
	int		 type;	/* enum gs_cel_type */
	const char	*s;	/* STRING, VERSION; QUANTITY: its text */
	int64_t		 i;	/* INT, BOOL (0/1) */
};

/* An attribute or a capacity of a device: name fully qualified
 * ("gpu.nvidia.com/productName"); an unqualified name in a slice is
 * qualified with the driver's name by the loader. */
struct gs_cel_attr {
	const char		*name;
	struct gs_cel_value	 val;
};

struct gs_cel_device {
	const char		*driver;
	const struct gs_cel_attr *attrs;
	size_t			 nattrs;
	const struct gs_cel_attr *capacity;	/* QUANTITY values */
	size_t			 ncapacity;
	int			 allow_multiple;	/* allowMultipleAllocations */
};

struct gs_cel;

/* Compile expr; errors are located at file:line:col (the expression's
 * place in its file; the column moves with the offending token when
 * the expression is on one line). 0 ok, -1 error. */
int	gs_cel_compile(const char *expr, const char *file, int line, int col,
	    struct gs_cel **out, struct gs_error *err);
/* 1 true, 0 false, -1 a runtime error (err says which, as Kubernetes'
 * evaluation would fail, e.g. a missing map key without has()). */
int	gs_cel_eval(const struct gs_cel *, const struct gs_cel_device *,
	    struct gs_error *err);
void	gs_cel_free(struct gs_cel *);

#endif
