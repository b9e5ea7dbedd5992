-- Studies that sample from an OpenAI-compatible server say how its checkpoints are served
-- (backend.serving); the former shape, a base URL and a model name, is the "named" mode.
-- API keys are no longer stored: a stored key is dropped (a study names an environment
-- variable instead, read by the worker that uses it).
UPDATE "study"
SET "config" = jsonb_set(
  "config" #- '{backend,apiKey}' #- '{backend,baseUrl}' #- '{backend,model}',
  '{backend,serving}',
  jsonb_build_object('mode', 'named', 'baseUrl', "config" #> '{backend,baseUrl}', 'model', "config" #> '{backend,model}')
)
WHERE "config" #>> '{backend,kind}' = 'openai'
  AND NOT ("config" -> 'backend' ? 'serving');
