import { CHATBOT_SETTING_KEYS, type ChatbotSettingKey, type ChatbotSettings } from '../../../api/contract';

/**
 * A three-way merge of settings: `base` is what the form loaded (its baseline), `theirs` what
 * the service holds now, `mine` what the user is about to save. Settings are flat values, so
 * the merge is field by field.
 */
export interface MergePlan {
  /** Changed only on the service: taken without asking. */
  onlyTheirs: ChatbotSettingKey[];
  /** Changed only in this form: saved without asking. */
  onlyMine: ChatbotSettingKey[];
  /** Changed on both sides to the same value: nothing to decide. */
  agreed: ChatbotSettingKey[];
  /** Changed on both sides to different values: the user chooses. */
  conflicts: ChatbotSettingKey[];
}

export function planMerge(base: ChatbotSettings, theirs: ChatbotSettings, mine: ChatbotSettings): MergePlan {
  const plan: MergePlan = { onlyTheirs: [], onlyMine: [], agreed: [], conflicts: [] };
  for (const key of CHATBOT_SETTING_KEYS) {
    const theyChanged = !Object.is(base[key], theirs[key]);
    const iChanged = !Object.is(base[key], mine[key]);
    if (theyChanged && iChanged) plan[Object.is(theirs[key], mine[key]) ? 'agreed' : 'conflicts'].push(key);
    else if (theyChanged) plan.onlyTheirs.push(key);
    else if (iChanged) plan.onlyMine.push(key);
  }
  return plan;
}

/**
 * The settings to save: the service's, with this form's changes on top, and for each
 * conflicting field the side the user chose (`keepMine` lists the fields where it is theirs
 * to lose). A conflict not listed in `keepMine` takes the service's value.
 */
export function mergeSettings(
  base: ChatbotSettings,
  theirs: ChatbotSettings,
  mine: ChatbotSettings,
  keepMine: ReadonlySet<ChatbotSettingKey>,
): ChatbotSettings {
  const merged: Record<string, unknown> = { ...theirs };
  for (const key of CHATBOT_SETTING_KEYS) {
    const iChanged = !Object.is(base[key], mine[key]);
    const theyChanged = !Object.is(base[key], theirs[key]);
    if (iChanged && (!theyChanged || keepMine.has(key))) merged[key] = mine[key];
  }
  return merged as ChatbotSettings;
}
