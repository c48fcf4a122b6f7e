import type { ScenarioResult } from '../types.js';

// The referee's server scenarios call fixtures by name (tools, prompts, resources its own test
// server defines). Against any other server most of them fail only because the fixture is not
// there, which says nothing about conformance: those rows are set apart, each naming what it
// needed, so the real findings stay visible. Names gathered from the referee's scenarios
// (0.2.0-alpha.12); scenarios not listed need no fixture.

export interface FixtureNeeds {
  tools?: readonly string[];
  prompts?: readonly string[];
  /** Resource URIs read directly, or through a template (matched against listed templates). */
  resources?: readonly string[];
}

const tool = (...tools: string[]): FixtureNeeds => ({ tools });
const MRTR_ELICIT = tool('test_input_required_result_elicitation');

export const REFEREE_FIXTURES: Readonly<Record<string, FixtureNeeds>> = {
  'completion-complete': { prompts: ['test_prompt_with_arguments'] },
  'elicitation-sep1034-defaults': tool('test_elicitation_sep1034_defaults'),
  'elicitation-sep1330-enums': tool('test_elicitation_sep1330_enums'),
  'input-required-result-basic-elicitation': MRTR_ELICIT,
  'input-required-result-basic-list-roots': tool('test_input_required_result_list_roots'),
  'input-required-result-basic-sampling': tool('test_input_required_result_sampling'),
  'input-required-result-capability-check': tool('test_input_required_result_capabilities'),
  'input-required-result-ignore-extra-params': MRTR_ELICIT,
  'input-required-result-missing-input-response': MRTR_ELICIT,
  'input-required-result-multi-round': tool('test_input_required_result_multi_round'),
  'input-required-result-multiple-input-requests': tool('test_input_required_result_multiple_inputs'),
  'input-required-result-non-tool-request': { prompts: ['test_input_required_result_prompt'] },
  'input-required-result-request-state': tool('test_input_required_result_request_state'),
  'input-required-result-result-type': MRTR_ELICIT,
  'input-required-result-tampered-state': tool('test_input_required_result_tampered_state'),
  'input-required-result-validate-input': MRTR_ELICIT,
  'json-schema-2020-12': tool('json_schema_2020_12_tool'),
  'prompts-get-embedded-resource': { prompts: ['test_prompt_with_embedded_resource'] },
  'prompts-get-simple': { prompts: ['test_simple_prompt'] },
  'prompts-get-with-args': { prompts: ['test_prompt_with_arguments'] },
  'prompts-get-with-image': { prompts: ['test_prompt_with_image'] },
  'resources-read-binary': { resources: ['test://static-binary'] },
  'resources-read-text': { resources: ['test://static-text'] },
  'resources-subscribe': { resources: ['test://watched-resource'] },
  'resources-unsubscribe': { resources: ['test://watched-resource'] },
  'resources-templates-read': { resources: ['test://template/123/data'] },
  'server-sse-polling': tool('test_reconnection'),
  'server-stateless': tool(
    'test_logging_tool',
    'test_missing_capability',
    'test_streaming_elicitation',
    'test_trigger_prompt_change',
    'test_trigger_tool_change',
  ),
  'tasks-capability-negotiation': tool('slow_compute'),
  'tasks-dispatch-and-envelope': tool('confirm_delete', 'failing_job', 'greet', 'slow_compute'),
  'tasks-lifecycle': tool('failing_job', 'greet', 'protocol_error_job', 'slow_compute'),
  'tasks-mrtr-composition': tool('test_tool_with_task'),
  'tasks-mrtr-input': tool('confirm_delete', 'multi_input'),
  'tasks-request-headers': tool('greet', 'slow_compute'),
  'tasks-request-state-removal': tool('slow_compute'),
  'tasks-required-task-error': tool('failing_job'),
  'tasks-wire-fields': tool('slow_compute'),
  'tools-call-audio': tool('test_audio_content'),
  'tools-call-elicitation': tool('test_elicitation'),
  'tools-call-embedded-resource': tool('test_embedded_resource'),
  'tools-call-error': tool('test_error_handling'),
  'tools-call-image': tool('test_image_content'),
  'tools-call-mixed-content': tool('test_multiple_content_types'),
  'tools-call-sampling': tool('test_sampling'),
  'tools-call-simple-text': tool('test_simple_text'),
  'tools-call-with-logging': tool('test_tool_with_logging'),
  'tools-call-with-progress': tool('test_tool_with_progress'),
};

/** What the target lists: tool, prompt and resource names and URI templates. */
export interface TargetInventory {
  tools: ReadonlySet<string>;
  prompts: ReadonlySet<string>;
  resources: ReadonlySet<string>;
  templates: readonly string[];
}

/** Does a URI template (RFC 6570 level 1, `{name}` segments) match a concrete URI? */
function templateMatches(template: string, uri: string): boolean {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(uri);
}

/** The fixtures a referee scenario needs that the target does not list (empty: nothing missing). */
export function missingFixtures(scenario: string, inventory: TargetInventory): string[] {
  const needs = REFEREE_FIXTURES[scenario];
  if (needs === undefined) return [];
  const missing: string[] = [];
  for (const name of needs.tools ?? []) if (!inventory.tools.has(name)) missing.push(`tool ${name}`);
  for (const name of needs.prompts ?? []) if (!inventory.prompts.has(name)) missing.push(`prompt ${name}`);
  for (const uri of needs.resources ?? [])
    if (!inventory.resources.has(uri) && !inventory.templates.some((t) => templateMatches(t, uri)))
      missing.push(`resource ${uri}`);
  return missing;
}

/**
 * Splits referee rows into findings and rows that did not pass only because the target lacks
 * the fixtures their scenario calls; those become not applicable, saying what they needed.
 */
export function setAsideMissingFixtures(
  results: readonly ScenarioResult[],
  inventory: TargetInventory,
): { findings: ScenarioResult[]; missingFixtures: ScenarioResult[] } {
  const findings: ScenarioResult[] = [];
  const setAside: ScenarioResult[] = [];
  for (const result of results) {
    const missing =
      result.source === 'referee' && result.verdict !== 'pass'
        ? missingFixtures(result.scenario, inventory)
        : [];
    if (missing.length === 0) {
      findings.push(result);
      continue;
    }
    setAside.push({
      ...result,
      verdict: 'not-applicable',
      reason: `the referee's scenario calls ${missing.join(', ')}, which the target does not list (its own verdict: ${result.verdict})`,
    });
  }
  return { findings, missingFixtures: setAside };
}
