import en from './en.json';
import members from './members.en.json';
import vehicles from './vehicles.en.json';

/** Members and vehicles keep their texts in files of their own, merged under their module's key. */
export const translation = { ...en, members, vehicles };
