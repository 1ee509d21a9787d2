-- Fields of the public collection model the platform keeps.
ALTER TABLE collections ADD COLUMN exportable boolean NOT NULL DEFAULT false;
-- requiredAuthorities is an authority list per operation ({"READ": ["a"]}); older rows held one string.
UPDATE collections SET required_authorities = (
  SELECT jsonb_object_agg(key, CASE WHEN jsonb_typeof(value) = 'array' THEN value ELSE jsonb_build_array(value) END)
  FROM jsonb_each(required_authorities)
) WHERE required_authorities IS NOT NULL AND required_authorities <> '{}'::jsonb;
