import { PROGRAM_LEVELS, ProgramListResponseSchema, type Program } from '@site/contracts/education';
import { parseContract, type SectionLoader } from '@site/contracts';

export interface ProgramsListProps {
  level?: string;
  title?: string;
}

export const load: SectionLoader<ProgramsListProps, Program[]> = async ({ api, locale, signal }, { props }) => {
  const level = (PROGRAM_LEVELS as readonly string[]).includes(props.level ?? '') ? props.level : undefined;
  const path = `${locale}/programs`;
  const response = await api.get(path, { params: { level }, signal });
  return parseContract(path, ProgramListResponseSchema, response).data.items;
};
