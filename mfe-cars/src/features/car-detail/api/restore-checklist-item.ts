import type { ChecklistItem } from '@pitwall/contracts';
import { addChecklistItem } from './add-checklist-item';
import { setChecklistItemCompletion } from './toggle-checklist-item';

/**
 * Undoes a delete: adds the item again with its title, description and priority (POST), then, if
 * it was completed, marks the new item completed (PATCH). The API has no undelete, so the restored
 * item has a new id and its created time is now. Answers the restored item.
 * @throws ApiError when either request is refused.
 */
export async function restoreChecklistItem(carId: number, item: ChecklistItem): Promise<ChecklistItem> {
  const restored = await addChecklistItem(carId, { title: item.title, description: item.description ?? '', priority: item.priority });
  return item.isCompleted ? setChecklistItemCompletion(carId, restored.id, true) : restored;
}
