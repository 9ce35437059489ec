/*
 * names.c: `make bench`'s reader of the policy table.  Reads the output
 * of `gpusched policies -o json` on standard input and prints, one a
 * line, the name of every policy whose "commands" list holds COMMAND
 * (bench.sh asks for "replay").  It reads the JSON document, not the
 * table printed for people, so a new column cannot break the bench.
 *
 *   gpusched policies -o json | bench-names COMMAND
 *
 * Exit 0; 2 usage; 3 input that is not such a document.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

/* Does the JSON array a hold the string s? */
static int
holds(const json_t *a, const char *s)
{
	size_t	 i;
	json_t	*v;

	json_array_foreach(a, i, v)
		if (json_is_string(v) && strcmp(json_string_value(v), s) == 0)
			return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	json_error_t	 e;
	json_t		*doc, *list, *p, *name;
	size_t		 i;

	if (argc != 2) {
		fprintf(stderr, "usage: bench-names COMMAND < policies.json\n");
		return 2;
	}
	doc = json_loadf(stdin, 0, &e);
	list = doc != NULL ? json_object_get(doc, "policies") : NULL;
	if (!json_is_array(list)) {
		fprintf(stderr, "bench-names: <stdin>:%d:%d: %s\n", e.line,
		    e.column, doc == NULL ? e.text :
		    "expected an object with a \"policies\" array");
		json_decref(doc);
		return 3;
	}
	json_array_foreach(list, i, p) {
		name = json_object_get(p, "name");
		if (json_is_string(name) &&
		    holds(json_object_get(p, "commands"), argv[1]))
			printf("%s\n", json_string_value(name));
	}
	json_decref(doc);
	return 0;
}
