/*
 * The body of every list page: the server's warnings about the URL, then one block with the
 * filter bar, the table (or its empty state) and the pager.
 */
import type { ReactNode } from 'react'
import Block from '../ui/Block.js'
import ListWarnings from './ListWarnings.js'
import Pager from './Pager.js'
import type { ListState } from './use_list.js'
import type { ListPage as Page } from '@shared/list_query'

export interface ListPageProps {
  title?: string
  warnings: string[]
  toolbar: ReactNode
  page: Page<unknown>
  list: ListState
  /** The noun counted by the pager: « société », « contact »… */
  noun: string | [string, string]
  children: ReactNode
}

export default function ListPage({
  title,
  warnings,
  toolbar,
  page,
  list,
  noun,
  children,
}: ListPageProps) {
  return (
    <div className="content">
      <ListWarnings warnings={warnings} />
      <Block title={title}>
        {toolbar}
        {children}
        <Pager page={page} noun={noun} onNavigate={(position) => list.visit({}, position)} />
      </Block>
    </div>
  )
}
